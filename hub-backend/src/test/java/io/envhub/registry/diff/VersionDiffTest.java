package io.envhub.registry.diff;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.api.VersionDiff;
import io.envhub.registry.model.VersionVerdicts;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.ProjectWheels;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Two versions of one environment that changed code, README, dependencies, a binary file, a large file and the
 * validation outcome: the diff names each change with what a reviewer needs, and private environments stay 404.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class VersionDiffTest {
    static final String NAME = "diff-demo";
    static final String CODE_1 = """
            def load_environment(**kwargs):
                dataset = [{"prompt": "abc", "answer": "cba"}]

                def exact(completion, answer, **_):
                    return 1.0 if completion == answer else 0.0

                return {"dataset": dataset, "rubric": {"funcs": [exact], "weights": [1.0]}}
            """;
    static final String CODE_2 = CODE_1.replace("completion == answer", "str(completion).strip() == answer")
            .replace("[{\"prompt\": \"abc\", \"answer\": \"cba\"}]",
                    "[{\"prompt\": \"abc\", \"answer\": \"cba\"}, {\"prompt\": \"<b>\", \"answer\": \">b<\"}]");
    private static boolean pushed;

    @Inject
    EntityManager em;
    @Inject
    VersionVerdicts verdicts;
    @Inject
    ObjectMapper json;

    static TestWheels.Built version(String version, String code, String readme, List<String> deps, byte[] blob, int big) {
        return ProjectWheels.wheel(NAME, version, "Reverse a text" + ("0.2.0".equals(version) ? ", strictly" : ""), code,
                readme, deps, Map.of("diff_demo_data/blob.bin", blob,
                        "diff_demo_data/big.txt", "x\n".repeat(big).getBytes(StandardCharsets.UTF_8)));
    }

    void pushBoth() {
        if (pushed) {
            return;
        }
        String alice = Tokens.forUser("alice", "alice");
        for (TestWheels.Built w : List.of(
                version("0.1.0", CODE_1, "# diff-demo\n\nReverses text.\n", List.of("numpy>=1.26", "regex"),
                        new byte[] {0, 1, 2, 3}, 200_000),
                version("0.2.0", CODE_2, "# diff-demo\n\nReverses text, ignoring spaces.\n",
                        List.of("numpy>=2", "rich>=13"), new byte[] {0, 1, 2, 4}, 200_001))) {
            given().auth().oauth2(alice).multiPart("file", w.filename(), w.bytes(), "application/octet-stream")
                    .post("/api/v1/environments/alice/" + NAME + "/versions").then().statusCode(201);
        }
        report("0.1.0", List.of(check("static.archive", "pass"), check("runtime.rewards", "pass"),
                check("trust.reward_hacking", "warn")), List.of("reward hacking: the empty completion scores 1.000"));
        report("0.2.0", List.of(check("static.archive", "pass"), check("runtime.rewards", "pass"),
                check("trust.reward_hacking", "pass"), check("trust.determinism", "warn")),
                List.of("not deterministic: two runs gave different scores"));
        pushed = true;
    }

    static Map<String, Object> check(String id, String status) {
        return Map.of("id", id, "status", status, "message", id + " " + status, "durationMs", 1);
    }

    void report(String version, List<Map<String, Object>> checks, List<String> flags) {
        QuarkusTransaction.requiringNew().run(() -> {
            Object[] row = (Object[]) em.createNativeQuery("SELECT v.id, j.id FROM hub.versions v JOIN hub.environments e"
                    + " ON e.id = v.environment_id JOIN hub.validation_jobs j ON j.version_id = v.id"
                    + " WHERE e.name = ?1 AND v.version = ?2").setParameter(1, NAME).setParameter(2, version).getSingleResult();
            long versionId = ((Number) row[0]).longValue();
            String report;
            try {
                report = json.writeValueAsString(Map.of("status", "validated", "runtimeVerified", true, "checks", checks,
                        "trust", Map.of("flags", flags)));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            em.createNativeQuery("INSERT INTO hub.validation_reports (version_id, job_id, status, report, worker,"
                    + " submitted_sha256) VALUES (?1, ?2, 'validated', CAST(?3 AS jsonb), 'w', 'x')")
                    .setParameter(1, versionId).setParameter(2, ((Number) row[1]).longValue()).setParameter(3, report)
                    .executeUpdate();
            verdicts.setStatus(versionId, "validated");
        });
    }

    VersionDiff diff(String range) {
        return given().get("/api/v1/environments/alice/" + NAME + "/diff/" + range).then().statusCode(200).extract()
                .as(VersionDiff.class);
    }

    static VersionDiff.FileChange file(VersionDiff d, Predicate<String> path) {
        return d.files().stream().filter(f -> path.test(f.path())).findFirst().orElseThrow(() -> new AssertionError(
                "no such file change in " + d.files().stream().map(VersionDiff.FileChange::path).toList()));
    }

    @Test
    void codeReadmeDependenciesFilesAndValidationChangesAreAllNamed() {
        pushBoth();
        VersionDiff d = diff("0.1.0...0.2.0");
        assertEquals("0.1.0", d.from().version());
        assertEquals("0.2.0", d.to().version());

        VersionDiff.FileChange code = file(d, "diff_demo.py"::equals);
        assertEquals(VersionDiff.CHANGED, code.change());
        assertEquals(VersionDiff.TEXT, code.kind());
        assertTrue(code.diff().startsWith("--- a/diff_demo.py\n+++ b/diff_demo.py\n@@ "), code.diff());
        assertTrue(code.diff().contains("\n-        return 1.0 if completion == answer else 0.0\n"), code.diff());
        assertTrue(code.diff().contains("\n+        return 1.0 if str(completion).strip() == answer else 0.0\n"), code.diff());
        assertEquals(2, code.additions());
        assertEquals(2, code.deletions());

        VersionDiff.FileChange readme = file(d, "README"::equals);
        assertEquals(VersionDiff.TEXT, readme.kind());
        assertTrue(readme.diff().contains("\n-Reverses text.\n+Reverses text, ignoring spaces.\n"), readme.diff());

        VersionDiff.FileChange metadata = file(d, p -> p.equals("diff_demo-0.2.0.dist-info/METADATA"));
        assertEquals(VersionDiff.CHANGED, metadata.change(), "the dist-info directory is matched across versions");
        assertTrue(metadata.diff().contains("+Requires-Dist: rich>=13"), metadata.diff());
        assertFalse(metadata.diff().contains("ignoring spaces"), "the README is its own entry, not in METADATA's diff");

        VersionDiff.FileChange blob = file(d, p -> p.endsWith("blob.bin"));
        assertEquals(VersionDiff.BINARY, blob.kind());
        assertNull(blob.diff());
        assertEquals(4L, blob.fromSize());
        VersionDiff.FileChange big = file(d, p -> p.endsWith("big.txt"));
        assertEquals(VersionDiff.LARGE, big.kind());
        assertEquals(400_002L, big.toSize());
        assertTrue(d.unchangedFiles() >= 1, "WHEEL is the same: " + d.unchangedFiles());

        assertEquals(List.of(new VersionDiff.DependencyChange("numpy", VersionDiff.CHANGED, "numpy>=1.26", "numpy>=2"),
                new VersionDiff.DependencyChange("regex", VersionDiff.REMOVED, "regex", null),
                new VersionDiff.DependencyChange("rich", VersionDiff.ADDED, null, "rich>=13")), d.dependencies());
        assertEquals(List.of(new VersionDiff.FieldChange("Summary", "Reverse a text", "Reverse a text, strictly")),
                d.metadata());

        VersionDiff.ValidationChange v = d.validation();
        assertEquals("flagged", v.fromStatus());
        assertEquals("flagged", v.toStatus());
        assertEquals(List.of("non-deterministic"), v.newFlags().stream().map(f -> f.code()).toList());
        assertEquals(List.of("reward-hacking"), v.clearedFlags().stream().map(f -> f.code()).toList());
        assertEquals(List.of(new VersionDiff.CheckChange("trust.reward_hacking", "warn", "pass", "trust.reward_hacking pass"),
                new VersionDiff.CheckChange("trust.determinism", null, "warn", "trust.determinism warn")), v.checks());
    }

    @Test
    void theReverseRangeTheSameVersionAndRefusals() {
        pushBoth();
        VersionDiff back = diff("0.2.0...0.1.0");
        assertEquals(VersionDiff.REMOVED, back.dependencies().stream().filter(c -> c.name().equals("rich")).findFirst()
                .orElseThrow().change());
        VersionDiff same = diff("0.1.0...0.1");
        assertTrue(same.files().isEmpty() && same.dependencies().isEmpty() && same.metadata().isEmpty(), same.toString());
        given().get("/api/v1/environments/alice/" + NAME + "/diff/0.1.0..0.2.0").then().statusCode(400)
                .body("type", containsString("invalid-range"));
        given().get("/api/v1/environments/alice/" + NAME + "/diff/0.1.0...9.9").then().statusCode(404);
        given().get("/api/v1/environments/alice/nothing-here/diff/0.1.0...0.2.0").then().statusCode(404);
        TestWheels.Built secret = TestWheels.environment("diff-private", "1.0");
        given().auth().oauth2(Tokens.forUser("alice", "alice")).multiPart("file", secret.filename(), secret.bytes(),
                "application/octet-stream").multiPart("visibility", "private")
                .post("/api/v1/environments/alice/diff-private/versions").then().statusCode(201);
        given().get("/api/v1/environments/alice/diff-private/diff/1.0...1.0").then().statusCode(404);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get("/api/v1/environments/alice/diff-private/diff/1.0...1.0")
                .then().statusCode(200);
    }
}
