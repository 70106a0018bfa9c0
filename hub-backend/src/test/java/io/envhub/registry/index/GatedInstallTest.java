package io.envhub.registry.index;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Gated environments: the page and the index page stay public, the files need access. pip with a personal token of a
 * user without access fails with the 403 that says where to ask (its status line, which pip prints); after the owner
 * grants the request the same command installs. An auto gate grants on accepting the terms. Every step is audited.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class GatedInstallTest {
    @TestHTTPResource("/")
    URL base;

    @Test
    void pipWithATokenWithoutAccessFailsWith403AndInstallsAfterApproval() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");
        String name = "gated-" + RegistryFixtures.run();
        TestWheels.Built wheel = TestWheels.environment(name, "1.0.0");
        given().auth().oauth2(alice).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/" + name + "/versions").then().statusCode(201);
        IndexFixtures.status("alice", name, "1.0.0", "validated");
        given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("gated", "manual", "gateTerms", "Cite the paper. No redistribution."))
                .patch("/api/v1/environments/alice/" + name).then().statusCode(200).body("gated", org.hamcrest.Matchers.equalTo("manual"));
        String samToken = given().auth().oauth2(sam).contentType(ContentType.JSON)
                .body(Map.of("name", "pip-" + name, "scopes", List.of("read"), "expiresInDays", 1))
                .post("/api/v1/tokens").then().statusCode(201).extract().path("token");

        // everyone sees the page and the index page; files need access
        given().get("/api/v1/environments/alice/" + name).then().statusCode(200).body("gated", org.hamcrest.Matchers.equalTo("manual"));
        given().get("/simple/alice/" + name + "/").then().statusCode(200);
        given().redirects().follow(false).get("/simple/alice/" + name + "/" + wheel.filename()).then().statusCode(401)
                .body("type", org.hamcrest.Matchers.endsWith("/access-required"));
        HttpResponse<String> refused = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "simple/alice/"
                + name + "/" + wheel.filename())).header("Authorization", basic(samToken)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, refused.statusCode());
        assertTrue(refused.body().contains("access-requests"), refused.body());
        given().auth().oauth2(sam).redirects().follow(false).get("/api/v1/environments/alice/" + name + "/versions/1.0.0/download")
                .then().statusCode(403).body("detail", org.hamcrest.Matchers.containsString("is gated"));
        given().auth().oauth2(alice).redirects().follow(false).get("/api/v1/environments/alice/" + name + "/versions/1.0.0/download")
                .then().statusCode(302);

        String index = base.toString().replace("http://", "http://__token__:" + samToken + "@") + "simple/alice/";
        try (PipEnv venv = PipEnv.create()) {
            IndexInstallTest.Result denied = venv.install(index, "--no-deps", name);
            assertNotEquals(0, denied.exit(), denied.output());
            assertTrue(denied.output().contains("403") && denied.output().contains("Access required: request it at http://127.0.0.1:8080/alice/"
                    + name + "/access"), denied.output());

            // sam asks (accepting the terms); the owner grants; the same command installs
            given().auth().oauth2(sam).contentType(ContentType.JSON).body(Map.of("message", "for a benchmark"))
                    .post("/api/v1/environments/alice/" + name + "/access-requests").then().statusCode(400)
                    .body("type", org.hamcrest.Matchers.endsWith("/terms-not-accepted"));
            JsonPath asked = given().auth().oauth2(sam).contentType(ContentType.JSON)
                    .body(Map.of("acceptTerms", true, "message", "for a benchmark"))
                    .post("/api/v1/environments/alice/" + name + "/access-requests").then().statusCode(200).extract().jsonPath();
            assertEquals("pending", asked.getString("state"));
            assertEquals(1, asked.getInt("termsVersion"));
            given().auth().oauth2(sam).get("/api/v1/environments/alice/" + name + "/gate").then().statusCode(200)
                    .body("access", org.hamcrest.Matchers.equalTo("pending"));
            IndexInstallTest.Result pending = venv.install(index, "--no-deps", name);
            assertTrue(pending.output().contains("your request is pending"), pending.output());
            given().auth().oauth2(sam).get("/api/v1/environments/alice/" + name + "/access-requests").then().statusCode(403);
            JsonPath requests = given().auth().oauth2(alice).get("/api/v1/environments/alice/" + name + "/access-requests").then()
                    .statusCode(200).extract().jsonPath();
            assertEquals(List.of("sam"), requests.getList("user"));
            given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("decision", "grant", "note", "welcome"))
                    .post("/api/v1/environments/alice/" + name + "/access-requests/" + asked.getLong("id") + "/decision").then()
                    .statusCode(200).body("state", org.hamcrest.Matchers.equalTo("granted"));
            IndexInstallTest.Result installed = venv.install(index, "--no-deps", name);
            assertEquals(0, installed.exit(), installed.output());
        }

        String ada = Tokens.forUser("ada", "ada");
        List<String> actions = given().auth().oauth2(ada).get("/api/v1/admin/audit?target=alice/" + name).then().statusCode(200)
                .extract().jsonPath().getList("action");
        assertTrue(actions.containsAll(List.of("environment.gate", "access.request", "access.grant")), actions.toString());
    }

    @Test
    void anAutoGateGrantsOnAcceptingTheTermsAndOnlyPublicEnvironmentsAreGated() {
        String alice = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");
        String name = "autogate-" + RegistryFixtures.run();
        TestWheels.Built wheel = TestWheels.environment(name, "1.0.0");
        given().auth().oauth2(alice).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/" + name + "/versions").then().statusCode(201);
        IndexFixtures.status("alice", name, "1.0.0", "validated");
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("gated", "auto"))
                .patch("/api/v1/environments/alice/" + name).then().statusCode(200);
        given().auth().oauth2(sam).redirects().follow(false).get("/simple/alice/" + name + "/" + wheel.filename()).then()
                .statusCode(403);
        given().auth().oauth2(sam).contentType(ContentType.JSON).body(Map.of("acceptTerms", true))
                .post("/api/v1/environments/alice/" + name + "/access-requests").then().statusCode(200)
                .body("state", org.hamcrest.Matchers.equalTo("granted"));
        given().auth().oauth2(sam).redirects().follow(false).get("/simple/alice/" + name + "/" + wheel.filename()).then()
                .statusCode(302);
        // ungated: files open to everyone again; a private environment cannot be gated
        given().auth().oauth2(alice).contentType(ContentType.JSON).body("{\"gated\": null}")
                .patch("/api/v1/environments/alice/" + name).then().statusCode(200).body("gated", org.hamcrest.Matchers.nullValue());
        given().redirects().follow(false).get("/simple/alice/" + name + "/" + wheel.filename()).then().statusCode(302);
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("visibility", "private"))
                .patch("/api/v1/environments/alice/" + name).then().statusCode(200);
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("gated", "manual"))
                .patch("/api/v1/environments/alice/" + name).then().statusCode(400)
                .body("type", org.hamcrest.Matchers.endsWith("/invalid-gate"));
    }

    private static String basic(String token) {
        return "Basic " + Base64.getEncoder().encodeToString(("__token__:" + token).getBytes(StandardCharsets.UTF_8));
    }
}
