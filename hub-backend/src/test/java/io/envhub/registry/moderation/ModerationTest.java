package io.envhub.registry.moderation;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Reports, the review queue and every moderation action on environments and versions, each with its audit row. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class ModerationTest {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    EntityManager em;

    String ada;
    String alice;
    String sam;
    Owner aliceOwner;

    @BeforeEach
    void tokens() {
        ada = Tokens.forUser("ada", "ada");
        alice = Tokens.forUser("alice", "alice");
        sam = Tokens.forUser("sam", "sam");
        aliceOwner = fixtures.user("alice");
    }

    private Environment env(String prefix, String visibility) {
        Environment env = fixtures.environment(aliceOwner, prefix + "-" + RegistryFixtures.run(), "moderated " + prefix,
                visibility, List.of("moderation"), "readme");
        fixtures.publish(env, "1.0");
        return env;
    }

    private JsonPath report(String token, String target, String reason, String text, int status) {
        return given().auth().oauth2(token).contentType("application/json")
                .body(Map.of("target", target, "reason", reason, "text", text)).post("/api/v1/reports")
                .then().statusCode(status).extract().jsonPath();
    }

    private List<Map<String, Object>> audit(String query) {
        return given().auth().oauth2(ada).get("/api/v1/admin/audit?" + query).then().statusCode(200).extract().jsonPath().getList("$");
    }

    @Test
    void reportsAreOnePerUserAndTargetAndTheReporterSeesTheirState() {
        Environment env = env("reported", "public");
        String target = "alice/" + env.name + "@1.0";
        JsonPath created = report(sam, "alice/" + env.displayName + "@1.0.0", "broken-reward", "reward is always 1", 201);
        assertEquals(target, created.getString("target"), "the target is stored in canonical form");
        assertEquals("version", created.getString("targetKind"));
        assertEquals("open", created.getString("state"));
        assertEquals("sam", created.getString("reporter"));
        long id = created.getLong("id");
        Response again = given().auth().oauth2(sam).contentType("application/json")
                .body(Map.of("target", target, "reason", "spam", "text", "")).post("/api/v1/reports");
        assertEquals(409, again.statusCode(), again.asString());
        assertEquals("https://envhub.dev/problems/report-exists", again.jsonPath().getString("type"));
        report(alice, target, "spam", "", 201);
        report(sam, "alice/" + env.name, "malware", "opens sockets", 201);
        report(sam, "bounty:42", "other", "bounty asks for stolen data", 201);
        report(sam, target, "nonsense", "", 400);
        report(sam, "bounty:42", "other", "", 400);
        given().contentType("application/json").body(Map.of("target", target, "reason", "spam")).post("/api/v1/reports")
                .then().statusCode(401);

        List<Map<String, Object>> mine = given().auth().oauth2(sam).get("/api/v1/me/reports").then().statusCode(200)
                .extract().jsonPath().getList("$");
        assertTrue(mine.stream().anyMatch(r -> ((Number) r.get("id")).longValue() == id && "open".equals(r.get("state"))), mine.toString());
        assertTrue(mine.stream().allMatch(r -> "sam".equals(r.get("reporter"))), "only the caller's own reports");

        List<Map<String, Object>> queue = given().auth().oauth2(ada).get("/api/v1/admin/queue?kind=report&state=open")
                .then().statusCode(200).extract().jsonPath().getList("$");
        Map<String, Object> item = queue.stream().filter(q -> ("report:" + id).equals(q.get("id"))).findFirst().orElseThrow();
        assertEquals("report", item.get("kind"));
        assertEquals("open", item.get("state"));
        assertEquals(target, item.get("target"));
        assertTrue(queue.stream().allMatch(q -> "report".equals(q.get("kind")) && "open".equals(q.get("state"))));

        JsonPath dismissed = given().auth().oauth2(ada).contentType("application/json").body(Map.of("note", "works as intended"))
                .post("/api/v1/admin/reports/" + id + "/dismiss").then().statusCode(200).extract().jsonPath();
        assertEquals("dismissed", dismissed.getString("state"));
        assertEquals("works as intended", dismissed.getString("resolutionNote"));
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("note", "again"))
                .post("/api/v1/admin/reports/" + id + "/dismiss").then().statusCode(409);
        List<Map<String, Object>> rows = audit("action=report.dismiss&target=report:" + id);
        assertEquals(1, rows.size(), rows.toString());
        assertEquals("ada", rows.get(0).get("actor"));
        assertEquals("works as intended", rows.get(0).get("reason"));
        assertEquals("hub", rows.get(0).get("service"));
        assertTrue(rows.get(0).get("requestId") != null);
        mine = given().auth().oauth2(sam).get("/api/v1/me/reports").then().extract().jsonPath().getList("$");
        assertTrue(mine.stream().anyMatch(r -> ((Number) r.get("id")).longValue() == id && "dismissed".equals(r.get("state"))));
        // dismissed: a new report on the same target may be filed
        report(sam, target, "spam", "", 201);
    }

    @Test
    void privateTargetsTheReporterCannotSeeAre404() {
        Environment hidden = env("hidden", "private");
        report(sam, "alice/" + hidden.name, "spam", "", 404);
        report(sam, "alice/" + hidden.name + "@1.0", "spam", "", 404);
        report(sam, "alice/no-such-env-" + RegistryFixtures.run(), "spam", "", 404);
        report(alice, "alice/" + hidden.name, "spam", "", 201);
    }

    @Test
    void quarantineHidesTheVersionFromTheIndexAndDownloadsAnswer451UntilLifted() {
        Environment env = env("quarantined", "public");
        String target = "alice/" + env.name + "@1.0";
        report(sam, target, "malware", "tries to escape the sandbox", 201);
        String filename = given().get("/api/v1/environments/alice/" + env.name + "/versions/1.0").then().statusCode(200)
                .extract().path("filename");
        assertTrue(given().get("/simple/alice/" + env.name + "/").then().statusCode(200).extract().asString().contains(filename));

        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", " "))
                .post("/api/v1/admin/environments/alice/" + env.name + "/versions/1.0/quarantine").then().statusCode(400);
        JsonPath q = given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "sandbox escape attempt"))
                .post("/api/v1/admin/environments/alice/" + env.name + "/versions/1.0/quarantine").then().statusCode(200)
                .extract().jsonPath();
        assertTrue(q.getBoolean("quarantined"));
        assertEquals("ada", q.getString("quarantinedBy"));
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "again"))
                .post("/api/v1/admin/environments/alice/" + env.name + "/versions/1.0/quarantine").then().statusCode(409);

        assertFalse(given().get("/simple/alice/" + env.name + "/").then().statusCode(200).extract().asString().contains(filename),
                "out of the index");
        Response file = given().redirects().follow(false).get("/simple/alice/" + env.name + "/" + filename);
        assertEquals(451, file.statusCode(), file.asString());
        assertTrue(file.contentType().startsWith("application/problem+json"));
        assertTrue(file.jsonPath().getString("detail").contains("sandbox escape attempt"), file.asString());
        Response api = given().redirects().follow(false).auth().oauth2(alice)
                .get("/api/v1/environments/alice/" + env.name + "/versions/1.0/download");
        assertEquals(451, api.statusCode(), api.asString());
        assertEquals("https://envhub.dev/problems/quarantined", api.jsonPath().getString("type"));
        for (String who : new String[] {null, sam, ada}) {
            var request = given().redirects().follow(false);
            if (who != null) {
                request = request.auth().oauth2(who);
            }
            Response other = request.get("/api/v1/environments/alice/" + env.name + "/versions/1.0/download");
            assertEquals(451, other.statusCode(), "everyone, signed in or not, gets the 451 problem: " + other.asString());
            assertTrue(other.contentType().startsWith("application/problem+json"), other.contentType());
            assertTrue(other.jsonPath().getString("detail").contains("alice/" + env.name + " 1.0"), other.asString());
            assertTrue(other.jsonPath().getString("detail").contains("sandbox escape attempt"), other.asString());
        }
        JsonPath mine = given().auth().oauth2(alice).get("/api/v1/environments/alice/" + env.name + "/versions/1.0").then()
                .statusCode(200).extract().jsonPath();
        assertTrue(mine.getBoolean("quarantined"));
        assertEquals("sandbox escape attempt", mine.getString("quarantineReason"), "the owner sees the reason");

        List<Map<String, Object>> reports = given().auth().oauth2(sam).get("/api/v1/me/reports").then().extract().jsonPath().getList("$");
        assertTrue(reports.stream().anyMatch(r -> target.equals(r.get("target")) && "actioned".equals(r.get("state"))),
                "acting on the target closes its reports: " + reports);

        JsonPath lifted = given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "false alarm"))
                .delete("/api/v1/admin/environments/alice/" + env.name + "/versions/1.0/quarantine").then().statusCode(200)
                .extract().jsonPath();
        assertFalse(lifted.getBoolean("quarantined"));
        assertTrue(given().get("/simple/alice/" + env.name + "/").then().statusCode(200).extract().asString().contains(filename));
        given().redirects().follow(false).get("/simple/alice/" + env.name + "/" + filename).then().statusCode(302);
        given().auth().oauth2(ada).delete("/api/v1/admin/environments/alice/" + env.name + "/versions/1.0/quarantine")
                .then().statusCode(409);

        List<Map<String, Object>> rows = audit("target=" + target);
        assertEquals(List.of("version.unquarantine", "version.quarantine"), rows.stream().map(r -> r.get("action")).toList());
        Map<String, Object> quarantine = rows.get(1);
        assertEquals("ada", quarantine.get("actor"));
        assertEquals("sandbox escape attempt", quarantine.get("reason"));
        assertEquals(Map.of("quarantined", false), withoutNulls(quarantine.get("before")));
        assertEquals(Map.of("quarantined", true, "quarantineReason", "sandbox escape attempt"), withoutNulls(quarantine.get("after")));
        assertEquals("false alarm", rows.get(0).get("reason"));
        assertEquals(1, audit("actor=ADA&action=version.quarantine&target=" + target).size(), "actor is case-insensitive");
        assertEquals(2, audit("target=alice/" + env.name + "*").size(), "target prefix");
        assertEquals(0, audit("target=" + target + "&to=2000-01-01").size(), "date filter");
        assertEquals(2, audit("target=" + target + "&from=" + java.time.LocalDate.now(java.time.ZoneOffset.UTC).minusDays(1)).size());
        given().auth().oauth2(ada).get("/api/v1/admin/audit?from=yesterday").then().statusCode(400);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> withoutNulls(Object map) {
        Map<String, Object> m = new java.util.HashMap<>((Map<String, Object>) map);
        m.values().removeIf(java.util.Objects::isNull);
        return m;
    }

    @Test
    void unlistTakesAnEnvironmentOutOfSearchAndTheIndexAndFlagsItUntilRelisted() {
        Environment env = env("unlisted", "public");
        String search = "/api/v1/environments?q=" + env.name + "&tag=moderation";
        assertEquals(1, given().get(search).then().statusCode(200).extract().jsonPath().getList("items").size());
        given().auth().oauth2(ada).contentType("application/json").body(Map.of())
                .post("/api/v1/admin/environments/alice/" + env.name + "/unlist").then().statusCode(400);
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "spam"))
                .post("/api/v1/admin/environments/alice/" + env.name + "/unlist").then().statusCode(200);
        assertEquals(0, given().get(search).then().statusCode(200).extract().jsonPath().getList("items").size(), "out of search");
        given().get("/simple/alice/" + env.name + "/").then().statusCode(404);
        assertFalse(given().get("/simple/alice/").then().extract().asString().contains(env.name + "/"), "out of the owner's index");
        given().auth().oauth2(alice).get("/simple/alice/" + env.name + "/").then().statusCode(200);
        JsonPath page = given().get("/api/v1/environments/alice/" + env.name).then().statusCode(200).extract().jsonPath();
        assertTrue(page.getBoolean("unlisted"), "the page still opens, with a notice");
        assertEquals("spam", page.getString("unlistReason"));

        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "cleaned up"))
                .post("/api/v1/admin/environments/alice/" + env.name + "/relist").then().statusCode(200);
        assertEquals(1, given().get(search).then().extract().jsonPath().getList("items").size());
        given().get("/simple/alice/" + env.name + "/").then().statusCode(200);
        assertFalse(given().get("/api/v1/environments/alice/" + env.name).then().extract().jsonPath().getBoolean("unlisted"));
        List<Map<String, Object>> rows = audit("target=alice/" + env.name);
        assertEquals(List.of("environment.relist", "environment.unlist"), rows.stream().map(r -> r.get("action")).toList());
    }

    @Test
    void revalidateRequeuesTheJobAndOverrideNeedsAReason() {
        Environment env = env("revalidated", "public");
        String base = "/api/v1/admin/environments/alice/" + env.name + "/versions/1.0";
        JsonPath state = given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "validator upgrade"))
                .post(base + "/revalidate").then().statusCode(200).extract().jsonPath();
        assertEquals("pending", state.getString("status"));
        Object job = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("SELECT j.state FROM hub.validation_jobs j"
                + " JOIN hub.versions v ON v.id = j.version_id WHERE v.environment_id = ?1").setParameter(1, env.id).getSingleResult());
        assertEquals("queued", job);
        assertEquals("validator upgrade", audit("action=version.revalidate&target=alice/" + env.name + "@1.0").get(0).get("reason"));

        given().auth().oauth2(ada).contentType("application/json").body(Map.of("status", "validated"))
                .post(base + "/status").then().statusCode(400);
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("status", "bogus", "reason", "x"))
                .post(base + "/status").then().statusCode(400);
        JsonPath overridden = given().auth().oauth2(ada).contentType("application/json")
                .body(Map.of("status", "validated", "reason", "checked by hand")).post(base + "/status").then().statusCode(200)
                .extract().jsonPath();
        assertEquals("validated", overridden.getString("status"));
        assertTrue(given().get("/api/v1/environments/alice/" + env.name + "/versions/1.0").then().extract().jsonPath()
                .getString("statusReason").contains("checked by hand"));
        List<Map<String, Object>> rows = audit("action=version.override-status&target=alice/" + env.name + "@1.0");
        assertEquals(1, rows.size());
        assertEquals("checked by hand", rows.get(0).get("reason"));
        assertEquals("pending", ((Map<?, ?>) rows.get(0).get("before")).get("status"));
        assertEquals("validated", ((Map<?, ?>) rows.get(0).get("after")).get("status"));
    }

    @Test
    void flaggedAndErroredVersionsAndFirstPublicationsAreInTheQueue() {
        Environment env = env("flagged", "public");
        Environment broken = env("errored", "public");
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("UPDATE hub.versions SET trust_status = 'flagged', trust_flags = CAST(?2 AS jsonb)"
                    + " WHERE environment_id = ?1").setParameter(1, env.id)
                    .setParameter(2, "[{\"code\":\"reward-hacking\",\"message\":\"a probe scored 0.97 of the best\"}]").executeUpdate();
            em.createNativeQuery("UPDATE hub.versions SET status = 'error', trust_status = 'error', status_reason = 'worker crashed'"
                    + " WHERE environment_id = ?1").setParameter(1, broken.id).executeUpdate();
        });
        List<Map<String, Object>> queue = given().auth().oauth2(ada).get("/api/v1/admin/queue?kind=flagged-version").then()
                .statusCode(200).extract().jsonPath().getList("$");
        Map<String, Object> flagged = queue.stream().filter(i -> ("alice/" + env.name + "@1.0").equals(i.get("target")))
                .findFirst().orElseThrow(() -> new AssertionError(queue.toString()));
        assertEquals("open", flagged.get("state"));
        assertTrue(((String) flagged.get("title")).contains("0.97"), flagged.toString());
        assertTrue(queue.stream().anyMatch(i -> ("alice/" + broken.name + "@1.0").equals(i.get("target"))
                && ((String) i.get("title")).contains("worker crashed")));
        List<Map<String, Object>> all = given().auth().oauth2(ada).get("/api/v1/admin/queue").then().statusCode(200)
                .extract().jsonPath().getList("$");
        for (int i = 1; i < all.size(); i++) {
            assertTrue(((String) all.get(i - 1).get("at")).compareTo((String) all.get(i).get("at")) >= 0
                    || java.time.OffsetDateTime.parse((String) all.get(i - 1).get("at"))
                    .compareTo(java.time.OffsetDateTime.parse((String) all.get(i).get("at"))) >= 0, "newest first");
        }
        given().auth().oauth2(ada).get("/api/v1/admin/queue?state=maybe").then().statusCode(400);
    }

    @Test
    void theAuditTableRefusesUpdatesAndDeletes() {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("INSERT INTO hub.audit_events (actor, action, target)"
                + " VALUES ('test', 'test.append', 'nothing')").executeUpdate());
        Exception update = assertThrows(Exception.class, () -> QuarkusTransaction.requiringNew().run(() ->
                em.createNativeQuery("UPDATE hub.audit_events SET reason = 'rewritten' WHERE action = 'test.append'").executeUpdate()));
        assertTrue(rootMessage(update).contains("append-only"), rootMessage(update));
        Exception delete = assertThrows(Exception.class, () -> QuarkusTransaction.requiringNew().run(() ->
                em.createNativeQuery("DELETE FROM hub.audit_events").executeUpdate()));
        assertTrue(rootMessage(delete).contains("append-only"), rootMessage(delete));
        Exception truncate = assertThrows(Exception.class, () -> QuarkusTransaction.requiringNew().run(() ->
                em.createNativeQuery("TRUNCATE hub.audit_events").executeUpdate()));
        assertTrue(rootMessage(truncate).contains("append-only"), rootMessage(truncate));
        Object reason = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                "SELECT reason FROM hub.audit_events WHERE action = 'test.append' LIMIT 1").getSingleResult());
        assertNull(reason, "the row is unchanged");
    }

    private static String rootMessage(Throwable t) {
        StringBuilder all = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.append(c.getMessage()).append(" | ");
        }
        return all.toString();
    }

    @Test
    void unknownVersionsAndEnvironmentsAre404ForAdminsToo() {
        given().auth().oauth2(ada).contentType("application/json").body(Map.of("reason", "x"))
                .post("/api/v1/admin/environments/alice/nope-" + RegistryFixtures.run() + "/versions/1.0/quarantine")
                .then().statusCode(404);
        EnvironmentVersion.class.getName();
    }
}
