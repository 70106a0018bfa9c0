package io.envhub.registry.bountyfacts;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.registry.validation.ValidationJob;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.testsupport.KeycloakAdmin;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The internal bounty-facts API: only the bounty-service service account, and the facts it needs. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class BountyFactsTest {
    private static final String BASE = "/internal/v1/bounty-facts";

    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;

    private static String service() {
        return Tokens.forClient("bounty-service", "dev-bounty-secret");
    }

    @Test
    void onlyTheBountyServiceAccountMayAsk() {
        String path = BASE + "/versions/alice/anything/1.0.0";
        given().get(path).then().statusCode(401);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get(path).then().statusCode(403);
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get(path).then().statusCode(403);
        given().auth().oauth2(Tokens.forClient("package-validator", "dev-validator-secret")).get(path).then().statusCode(403);
        given().auth().oauth2(service()).get(path).then().statusCode(200).body("exists", equalTo(false));
    }

    @Test
    void versionFactsCarryTheEnvironmentsTags() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("tags" + run);
        Environment env = fixtures.environment(owner, "Tagged", "tagged", Environment.PUBLIC, List.of("medicine", "tool-use"), "# r");
        fixtures.publish(env, "1.0.0");
        Environment bare = fixtures.environment(owner, "Bare", "bare", Environment.PUBLIC, List.of(), "# r");
        fixtures.publish(bare, "1.0.0");
        given().auth().oauth2(service()).get(BASE + "/versions/{o}/{n}/{v}", owner.name, "tagged", "1.0.0").then().statusCode(200)
                .body("tags", equalTo(List.of("medicine", "tool-use")));
        given().auth().oauth2(service()).get(BASE + "/versions/{o}/{n}/{v}", owner.name, "bare", "1.0.0").then()
                .body("tags", equalTo(List.of()));
        given().auth().oauth2(service()).get(BASE + "/versions/{o}/{n}/{v}", owner.name, "tagged", "9.0.0").then()
                .body("exists", equalTo(false)).body("tags", equalTo(List.of()));
    }

    @Test
    void versionFactsComeFromTheRegistryAndTheStoredReport() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("facts" + run);
        Environment env = fixtures.environment(owner, "Facts_Env", "facts", Environment.PRIVATE, List.of(), "# r");
        EnvironmentVersion verified = fixtures.publish(env, "1.0.0");
        EnvironmentVersion staticOnly = fixtures.publish(env, "1.1.0");
        fixtures.publish(env, "1.2.0");
        report(verified.id, true);
        report(staticOnly.id, false);
        String sha = QuarkusTransaction.requiringNew().call(() -> (String) em.createNativeQuery(
                "SELECT sha256 FROM hub.artifacts WHERE version_id = ?1").setParameter(1, verified.id).getSingleResult());

        // a private environment, another spelling of its name, another spelling of the version
        given().auth().oauth2(service()).get(BASE + "/versions/{o}/{n}/{v}", owner.name, "facts.env", "1.0").then().statusCode(200)
                .body("exists", equalTo(true)).body("version", equalTo("1.0.0")).body("status", equalTo("validated"))
                .body("runtimeVerified", equalTo(true)).body("yanked", equalTo(false)).body("sha256", equalTo(sha));
        given().auth().oauth2(service()).get(BASE + "/versions/{o}/{n}/{v}", owner.name, "facts-env", "1.1.0").then()
                .body("status", equalTo("validated")).body("runtimeVerified", equalTo(false));
        given().auth().oauth2(service()).get(BASE + "/versions/{o}/{n}/{v}", owner.name, "facts-env", "1.2.0").then()
                .body("exists", equalTo(true)).body("runtimeVerified", equalTo(false));
        given().auth().oauth2(service()).get(BASE + "/versions/{o}/{n}/{v}", owner.name, "facts-env", "9.9.9").then()
                .statusCode(200).body("exists", equalTo(false)).body("sha256", nullValue());

        fixtures.yank(env, "1.0.0", "broken");
        given().auth().oauth2(service()).get(BASE + "/versions/{o}/{n}/{v}", owner.name, "facts-env", "1.0.0").then()
                .body("exists", equalTo(true)).body("yanked", equalTo(true));
    }

    @Test
    void versionFactsSayWhetherTheModeratorsQuarantinedTheVersionAndWhy() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("quar" + run);
        Environment env = fixtures.environment(owner, "Quar", "quar", Environment.PUBLIC, List.of(), "# r");
        EnvironmentVersion v = fixtures.publish(env, "1.0.0");
        report(v.id, true);
        String path = BASE + "/versions/{o}/{n}/{v}";
        given().auth().oauth2(service()).get(path, owner.name, "quar", "1.0.0").then().statusCode(200)
                .body("exists", equalTo(true)).body("quarantined", equalTo(false)).body("quarantineReason", nullValue());

        String ada = Tokens.forUser("ada", "ada");
        String admin = "/api/v1/admin/environments/" + owner.name + "/quar/versions/1.0.0/quarantine";
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "Exfiltrates the grader's API key."))
                .post(admin).then().statusCode(200);
        given().auth().oauth2(service()).get(path, owner.name, "quar", "1.0").then().statusCode(200)
                .body("exists", equalTo(true)).body("quarantined", equalTo(true))
                .body("quarantineReason", equalTo("Exfiltrates the grader's API key."))
                .body("status", equalTo("validated")).body("runtimeVerified", equalTo(true)).body("yanked", equalTo(false));

        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "false alarm")).delete(admin).then()
                .statusCode(200);
        given().auth().oauth2(service()).get(path, owner.name, "quar", "1.0.0").then().statusCode(200)
                .body("quarantined", equalTo(false)).body("quarantineReason", nullValue());
        given().auth().oauth2(service()).get(path, owner.name, "quar", "9.9.9").then().statusCode(200)
                .body("exists", equalTo(false)).body("quarantined", equalTo(false));
    }

    @Test
    void mayPublishFollowsOwnershipAndOrganisationRoles() {
        Owner alice = fixtures.user("alice");
        String run = RegistryFixtures.run();
        Owner maintained = fixtures.organisation("maint" + run, alice, "maintainer");
        Owner memberOnly = fixtures.organisation("member" + run, alice, "member");
        Owner stranger = fixtures.owner("stranger" + run);
        mayPublish("alice", alice.subject, true);
        mayPublish(maintained.name, alice.subject, true);
        mayPublish(memberOnly.name, alice.subject, false);
        mayPublish(stranger.name, alice.subject, false);
        mayPublish("alice", "no-such-subject", false);
        mayPublish("nobody-" + run, alice.subject, false);
        given().auth().oauth2(service()).get(BASE + "/publishers/alice").then().statusCode(400)
                .contentType("application/problem+json");
    }

    @Test
    void standingSaysWhetherAUserIsSuspended() {
        String name = "standing" + RegistryFixtures.run().substring(0, 6);
        Tokens.ensureUser(name);
        String jwt = Tokens.forUser(name, name);
        given().auth().oauth2(jwt).get("/api/v1/me").then().statusCode(200);
        String subject = KeycloakAdmin.claims(jwt).get("sub").asText();
        String path = BASE + "/users/" + subject + "/standing";

        given().get(path).then().statusCode(401);
        given().auth().oauth2(jwt).get(path).then().statusCode(403);
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get(path).then().statusCode(403);
        given().auth().oauth2(Tokens.forClient("package-validator", "dev-validator-secret")).get(path).then().statusCode(403);
        given().auth().oauth2(service()).get(path).then().statusCode(200).body("subject", equalTo(subject))
                .body("suspended", equalTo(false));

        String ada = Tokens.forUser("ada", "ada");
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "spam"))
                .post("/api/v1/admin/users/" + name + "/suspend").then().statusCode(200);
        given().auth().oauth2(service()).get(path).then().statusCode(200).body("suspended", equalTo(true));
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "appeal"))
                .post("/api/v1/admin/users/" + name + "/unsuspend").then().statusCode(200);
        given().auth().oauth2(service()).get(path).then().statusCode(200).body("suspended", equalTo(false));
        given().auth().oauth2(service()).get(BASE + "/users/no-such-subject/standing").then().statusCode(200)
                .body("suspended", equalTo(false));
    }

    private static void mayPublish(String owner, String subject, boolean expected) {
        given().auth().oauth2(service()).queryParam("subject", subject).get(BASE + "/publishers/{owner}", owner).then()
                .statusCode(200).body("mayPublish", equalTo(expected));
    }

    private void report(long versionId, boolean runtimeVerified) {
        QuarkusTransaction.requiringNew().run(() -> {
            ValidationJob job = ValidationJob.queue(versionId);
            job.persist();
            em.flush();
            em.createNativeQuery("INSERT INTO hub.validation_reports (version_id, job_id, status, report, worker, submitted_sha256)"
                    + " VALUES (?1, ?2, 'validated', CAST(?3 AS jsonb), 'test', 'x')").setParameter(1, versionId)
                    .setParameter(2, job.id).setParameter(3, "{\"status\":\"validated\",\"runtimeVerified\":" + runtimeVerified + "}")
                    .executeUpdate();
            em.createNativeQuery("UPDATE hub.versions SET status = 'validated' WHERE id = ?1").setParameter(1, versionId)
                    .executeUpdate();
        });
    }
}
