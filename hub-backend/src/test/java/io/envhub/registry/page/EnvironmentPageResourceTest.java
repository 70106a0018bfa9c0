package io.envhub.registry.page;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The composite page call answers what the four separate calls answer, and hides private environments alike. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class EnvironmentPageResourceTest {
    @Inject
    RegistryFixtures fixtures;

    @Test
    void oneCallAnswersWhatTheFourCallsAnswer() {
        Owner owner = fixtures.owner("page-" + RegistryFixtures.run());
        Environment env = fixtures.environment(owner, "Paged", "A paged one", "public", List.of("text"), "# Paged\nhello");
        fixtures.publish(env, "1.0.0");
        fixtures.publish(env, "1.1.0");
        String base = "/api/v1/environments/" + owner.name + "/paged";
        JsonPath page = given().get(base + "/page?days=7").then().statusCode(200).extract().jsonPath();
        JsonPath detail = given().get(base).then().statusCode(200).extract().jsonPath();
        JsonPath readme = given().get(base + "/readme").then().statusCode(200).extract().jsonPath();
        JsonPath versions = given().get(base + "/versions").then().statusCode(200).extract().jsonPath();
        JsonPath days = given().get(base + "/downloads?days=7").then().statusCode(200).extract().jsonPath();
        assertEquals(detail.getMap(""), page.getMap("environment"));
        assertEquals(readme.getMap(""), page.getMap("readme"));
        assertEquals(versions.getList(""), page.getList("versions"));
        assertEquals(days.getList(""), page.getList("downloads"));
        assertEquals(List.of("1.1.0", "1.0.0"), page.getList("versions.version"));
        // another spelling of the name works as for the single calls; bad days are refused as there
        given().get("/api/v1/environments/" + owner.name + "/PAGED/page").then().statusCode(200);
        given().get(base + "/page?days=x").then().statusCode(400);
    }

    @Test
    void privateEnvironmentsAre404ForStrangers() {
        Owner owner = fixtures.owner("pagep-" + RegistryFixtures.run());
        fixtures.environment(owner, "Hidden", "secret", "private", List.of(), null);
        given().get("/api/v1/environments/" + owner.name + "/hidden/page").then().statusCode(404);
    }
}
