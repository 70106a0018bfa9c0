package io.envhub.registry.admin;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.testsupport.KeycloakAdmin;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Suspending a user stops their Keycloak tokens and personal access tokens at once and disables them in Keycloak (no
 * new sign-in); unsuspending restores both. Granting and removing {@code sponsor} goes through Keycloak's admin API as
 * the dedicated {@code hub-admin} service account. Every action is audited.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class UserAdminTest {
    private static String signedInUser() {
        String name = "member" + RegistryFixtures.run().substring(0, 6);
        Tokens.ensureUser(name);
        given().auth().oauth2(Tokens.forUser(name, name)).get("/api/v1/me").then().statusCode(200);
        return name;
    }

    private static String keycloakId(String username) {
        return KeycloakAdmin.json(KeycloakAdmin.call("GET", "/users?exact=true&username=" + username, null), 200).get(0)
                .get("id").asText();
    }

    private static List<Map<String, Object>> audit(String query) {
        return given().auth().oauth2(Tokens.forUser("ada", "ada")).get("/api/v1/admin/audit?" + query).then().statusCode(200)
                .extract().jsonPath().getList("$");
    }

    @Test
    void aSuspendedUsersTokensStopAtOnceAndTheyCannotSignIn() {
        String ada = Tokens.forUser("ada", "ada");
        String user = signedInUser();
        String jwt = Tokens.forUser(user, user);
        String pat = given().auth().oauth2(jwt).contentType("application/json")
                .body(Map.of("name", "ci", "scopes", List.of("read", "publish"))).post("/api/v1/tokens").then().statusCode(201)
                .extract().path("token");
        given().auth().oauth2(pat).get("/api/v1/me").then().statusCode(200);

        given().auth().oauth2(ada).contentType("application/json").body(Map.of())
                .post("/api/v1/admin/users/" + user + "/suspend").then().statusCode(400);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).contentType("application/json").body(Map.of("reason", "x"))
                .post("/api/v1/admin/users/" + user + "/suspend").then().statusCode(404);
        JsonPath suspended = given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "spam wave"))
                .post("/api/v1/admin/users/" + user + "/suspend").then().statusCode(200).extract().jsonPath();
        assertTrue(suspended.getBoolean("suspended"));
        assertFalse(suspended.getBoolean("enabled"), "disabled in Keycloak");
        assertEquals("spam wave", suspended.getString("suspensionReason"));

        given().auth().oauth2(jwt).get("/api/v1/me").then().statusCode(401);
        given().auth().oauth2(pat).get("/api/v1/me").then().statusCode(401);
        given().auth().oauth2(pat).get("/api/v1/environments").then().statusCode(401);
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "password");
        form.put("client_id", "envhub-dev");
        form.put("username", user);
        form.put("password", user);
        assertNotEquals(200, KeycloakAdmin.passwordGrantResponse(form).statusCode(), "no new sign-in");
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "again"))
                .post("/api/v1/admin/users/" + user + "/suspend").then().statusCode(409);
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "self"))
                .post("/api/v1/admin/users/ada/suspend").then().statusCode(409);

        JsonPath back = given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "appeal accepted"))
                .post("/api/v1/admin/users/" + user + "/unsuspend").then().statusCode(200).extract().jsonPath();
        assertFalse(back.getBoolean("suspended"));
        assertTrue(back.getBoolean("enabled"));
        given().auth().oauth2(pat).get("/api/v1/me").then().statusCode(200);
        given().auth().oauth2(Tokens.forUser(user, user)).get("/api/v1/me").then().statusCode(200);
        given().auth().oauth2(ada).contentType("application/json").body(Map.of())
                .post("/api/v1/admin/users/" + user + "/unsuspend").then().statusCode(409);

        List<Map<String, Object>> rows = audit("target=user:" + user);
        assertEquals(List.of("user.unsuspend", "user.suspend"), rows.stream().map(r -> r.get("action")).toList());
        assertEquals("spam wave", rows.get(1).get("reason"));
        assertEquals("ada", rows.get(1).get("actor"));
    }

    @Test
    void anAdminGrantsAndRemovesTheSponsorRoleThroughKeycloak() throws Exception {
        String ada = Tokens.forUser("ada", "ada");
        String user = signedInUser();
        String id = keycloakId(user);
        JsonPath granted = given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "signed the contract"))
                .put("/api/v1/admin/users/" + user + "/roles/sponsor").then().statusCode(200).extract().jsonPath();
        assertTrue(granted.getList("roles").contains("sponsor"), granted.prettify());
        assertTrue(KeycloakAdmin.call("GET", "/users/" + id + "/role-mappings/realm", null).body().contains("\"sponsor\""));
        String fresh = Tokens.forUser(user, user);
        assertTrue(KeycloakAdmin.claims(fresh).path("realm_access").path("roles").toString().contains("sponsor"));

        JsonPath removed = given().auth().oauth2(ada).delete("/api/v1/admin/users/" + user + "/roles/sponsor").then()
                .statusCode(200).extract().jsonPath();
        assertFalse(removed.getList("roles").contains("sponsor"));
        assertFalse(KeycloakAdmin.call("GET", "/users/" + id + "/role-mappings/realm", null).body().contains("\"sponsor\""));
        given().auth().oauth2(ada).contentType("application/json").body(Map.of())
                .put("/api/v1/admin/users/" + user + "/roles/admin").then().statusCode(400);
        given().auth().oauth2(ada).get("/api/v1/admin/users/nobody-" + RegistryFixtures.run()).then().statusCode(404);

        List<Map<String, Object>> rows = audit("target=user:" + user);
        assertEquals(List.of("user.remove-role", "user.grant-role"), rows.stream().map(r -> r.get("action")).toList());
        assertEquals("signed the contract", rows.get(1).get("reason"));
    }
}
