package io.envhub.registry.moderation;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.environment.EnvironmentStatus;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * While a version is quarantined search does not call its environment validated (issue 36 item 10): the environment has
 * no validated version, the "validated" filter and its counts leave it out, its card carries no verdict; lifting the
 * quarantine brings it back. Both search paths: the listing (counters) and the match set (owner).
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class QuarantineSearchTest {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    EnvironmentStatus status;

    @Test
    void aQuarantinedVersionIsNotValidatedInSearchUntilLifted() {
        String ada = Tokens.forUser("ada", "ada");
        Owner alice = fixtures.user("alice");
        String tag = "q" + RegistryFixtures.run();
        Environment env = fixtures.environment(alice, "held-" + RegistryFixtures.run(), "quarantined in search", "public",
                List.of(tag), "readme");
        EnvironmentVersion v = fixtures.ranRuntime(fixtures.publish(env, "1.0"));
        QuarkusTransaction.requiringNew().run(() -> status.refresh(env.id));

        assertValidated(tag, env.name, true);

        String admin = "/api/v1/admin/environments/alice/" + env.name + "/versions/1.0/quarantine";
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "mines crypto at import"))
                .post(admin).then().statusCode(200);
        assertValidated(tag, env.name, false);
        JsonPath item = search("tag=" + tag);
        assertEquals(1, item.getInt("total"), "still listed, just not validated");
        assertNull(item.getString("items[0].trustStatus"), "a quarantined version lends its environment no verdict");
        assertNull(item.getString("items[0].validatedVersion"));
        given().get("/api/v1/environments/alice/" + env.name).then().statusCode(200)
                .body("validated", org.hamcrest.Matchers.nullValue());

        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "false alarm"))
                .delete(admin).then().statusCode(200);
        assertValidated(tag, env.name, true);
        assertEquals(v.version, search("tag=" + tag).getString("items[0].validatedVersion"));
    }

    private static void assertValidated(String tag, String name, boolean validated) {
        for (String path : List.of("tag=" + tag, "tag=" + tag + "&owner=alice")) {
            JsonPath found = search(path + "&validated=true");
            assertEquals(validated ? List.of(name) : List.of(), found.getList("items.name"), path);
            assertEquals(validated ? 1 : 0, found.getInt("total"), path);
            assertEquals(validated ? 1 : 0, search(path).getInt("facets.statuses.verified"), path);
        }
    }

    private static JsonPath search(String query) {
        return given().get("/api/v1/environments?" + query).then().statusCode(200).extract().jsonPath();
    }
}
