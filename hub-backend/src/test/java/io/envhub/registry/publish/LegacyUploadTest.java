package io.envhub.registry.publish;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.hash.Sha256;
import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * PyPI's legacy upload API as the real clients speak it: Debian's {@code twine} uploads a wheel with a personal access
 * token, {@code --skip-existing} skips a version that exists, and every refusal is one line twine and uv can show.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class LegacyUploadTest {
    private static final Path TWINE = Path.of("/usr/bin/twine");

    @Inject
    EntityManager em;
    @TestHTTPResource("/")
    URL base;

    record Run(int exit, String output) {
    }

    /** {@code twine upload} with {@code __token__} and the token, no keyring, no ~/.pypirc, output merged. */
    Run twine(String token, String url, Path wheel, String... extra) throws Exception {
        Prerequisites.require(Files.isExecutable(TWINE), "Debian's twine (apt-get install twine)");
        List<String> cmd = new ArrayList<>(List.of(TWINE.toString(), "upload", "--non-interactive", "--disable-progress-bar",
                "--repository-url", url, "-u", "__token__", "-p", token));
        cmd.addAll(List.of(extra));
        cmd.add(wheel.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Path home = Files.createTempDirectory("envhub-twine-home-");
        pb.environment().put("HOME", home.toString()); // no ~/.pypirc of the machine
        pb.environment().put("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring");
        pb.environment().put("NO_PROXY", "127.0.0.1,localhost");
        for (String proxy : List.of("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy",
                "TWINE_USERNAME", "TWINE_PASSWORD", "TWINE_REPOSITORY_URL")) {
            pb.environment().remove(proxy);
        }
        try {
            Process p = pb.start();
            byte[] out = p.getInputStream().readAllBytes();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "twine finished");
            return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } finally {
            delete(home);
        }
    }

    static Path written(TestWheels.Built wheel) throws Exception {
        Path dir = Files.createTempDirectory("envhub-dist-");
        return Files.write(dir.resolve(wheel.filename()), wheel.bytes());
    }

    long count(String sql, Object... params) {
        em.clear();
        var q = em.createNativeQuery(sql);
        for (int i = 0; i < params.length; i++) {
            q.setParameter(i + 1, params[i]);
        }
        return ((Number) q.getSingleResult()).longValue();
    }

    String legacy() {
        return "http://127.0.0.1:" + base.getPort() + "/legacy/";
    }

    @Test
    void twineUploadsAWheelThatIsQueuedForValidationAndSkipExistingSkipsItTheSecondTime() throws Exception {
        String token = PublishPermissionsTest.personalToken("alice", List.of("publish"));
        TestWheels.Built wheel = TestWheels.environment("twine-demo", "0.3.0");
        Path file = written(wheel);
        try {
            Run first = twine(token, legacy(), file);
            assertEquals(0, first.exit(), first.output());
            assertEquals(1, count("SELECT count(*) FROM hub.versions v JOIN hub.environments e ON e.id = v.environment_id"
                    + " JOIN hub.owners o ON o.id = e.owner_id JOIN hub.artifacts a ON a.version_id = v.id"
                    + " JOIN hub.validation_jobs j ON j.version_id = v.id"
                    + " WHERE o.name = 'alice' AND e.name = 'twine-demo' AND v.version = '0.3.0' AND a.sha256 = ?1"
                    + " AND j.state = 'queued'", Sha256.hex(Sha256.digest(wheel.bytes()))));

            Run skipped = twine(token, legacy(), file, "--skip-existing");
            assertEquals(0, skipped.exit(), skipped.output());
            assertTrue(skipped.output().contains("Skipping twine_demo-0.3.0-py3-none-any.whl"), skipped.output());

            Run refused = twine(token, legacy(), file);
            assertTrue(refused.exit() != 0, refused.output());
            assertTrue(refused.output().contains("409") && refused.output().contains("File already exists"), refused.output());
            assertEquals(1, count("SELECT count(*) FROM hub.versions v JOIN hub.environments e ON e.id = v.environment_id"
                    + " WHERE e.name = 'twine-demo'"));
        } finally {
            delete(file.getParent());
        }
    }

    @Test
    void twineUploadsIntoAnOrganisationNamedInTheUrlAndAReadTokenIsRefused() throws Exception {
        String read = PublishPermissionsTest.personalToken("alice", List.of("read"));
        String publish = PublishPermissionsTest.personalToken("alice", List.of("publish"));
        Path file = written(TestWheels.environment("twine-owner", "1.0"));
        try {
            Run refused = twine(read, legacy(), file);
            assertTrue(refused.exit() != 0 && refused.output().contains("403"), refused.output());
            assertTrue(refused.output().contains("publish"), "the reason names the missing scope: " + refused.output());
            Run bad = twine("envhub_not-a-token", legacy(), file);
            assertTrue(bad.exit() != 0 && bad.output().contains("401"), bad.output());
            given().auth().oauth2(io.envhub.testsupport.Tokens.forUser("sam", "sam")).get("/api/v1/me").then().statusCode(200);
            Run elsewhere = twine(publish, legacy() + "sam/", file);
            assertTrue(elsewhere.exit() != 0 && elsewhere.output().contains("403"), elsewhere.output());

            Run mine = twine(publish, legacy() + "alice/", file);
            assertEquals(0, mine.exit(), mine.output());
            assertEquals(1, count("SELECT count(*) FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id"
                    + " WHERE o.name = 'alice' AND e.name = 'twine-owner'"));
        } finally {
            delete(file.getParent());
        }
    }

    RequestSpecification form(String token, TestWheels.Built wheel) {
        return form(token, "file_upload");
    }

    RequestSpecification form(String token, String action) {
        return given().auth().preemptive().basic("__token__", token)
                .multiPart(":action", action).multiPart("protocol_version", "1")
                .multiPart("name", "legacy-form").multiPart("version", "1.0").multiPart("filetype", "bdist_wheel")
                .multiPart("pyversion", "py3").multiPart("metadata_version", "2.1");
    }

    ValidatableResponse send(RequestSpecification form, TestWheels.Built wheel) {
        return form.multiPart("content", wheel.filename(), wheel.bytes(), "application/octet-stream").post("/legacy/").then();
    }

    @Test
    void refusalsAreOneLineWithTheirProblemTypeAndLeaveNothingBehind() throws Exception {
        String token = PublishPermissionsTest.personalToken("alice", List.of("publish"));
        TestWheels.Built wheel = TestWheels.environment("legacy-form", "1.0");
        String sha = Sha256.hex(Sha256.digest(wheel.bytes()));
        send(form(token, wheel).multiPart("sha256_digest", "00".repeat(32)), wheel).statusCode(400)
                .header("X-EnvHub-Problem", "hash-mismatch").contentType(startsWith("text/plain"))
                .body(startsWith("400 The upload's sha256 is " + sha));
        send(form(token, wheel).multiPart("md5_digest", "0".repeat(32)), wheel).statusCode(400)
                .header("X-EnvHub-Problem", "hash-mismatch").body(containsString("md5"));
        send(form(token, wheel).multiPart("blake2_256_digest", "0".repeat(64)), wheel).statusCode(400)
                .header("X-EnvHub-Problem", "hash-mismatch").body(containsString("blake2_256"));
        send(form(token, "submit"), wheel).statusCode(400)
                .header("X-EnvHub-Problem", "unsupported-action");
        send(given().auth().preemptive().basic("__token__", token).multiPart(":action", "file_upload")
                .multiPart("filetype", "sdist"), wheel).statusCode(400).header("X-EnvHub-Problem", "not-a-wheel")
                .statusLine(containsString("Only wheels"));
        send(given().auth().preemptive().basic("__token__", token).multiPart(":action", "file_upload")
                .multiPart("version", "2.0"), wheel).statusCode(400).header("X-EnvHub-Problem", "version-mismatch");
        send(given().multiPart(":action", "file_upload"), wheel).statusCode(401)
                .header("WWW-Authenticate", containsString("Basic"));
        assertEquals(0, count("SELECT count(*) FROM hub.environments WHERE name = 'legacy-form'"));

        send(form(token, wheel).header("Accept", "application/problem+json").multiPart("sha256_digest", "00".repeat(32)), wheel)
                .statusCode(400).contentType("application/problem+json").body("type", containsString("hash-mismatch"));

        // every digest right: published, then the same upload again is 409 File already exists
        Path file = written(wheel);
        LegacyUploadForm.Digests digests = LegacyUploadForm.digests(file);
        delete(file.getParent());
        send(form(token, wheel).multiPart("sha256_digest", sha).multiPart("md5_digest", digests.md5())
                .multiPart("blake2_256_digest", digests.blake2()), wheel).statusCode(200).body("version", equalTo("1.0"));
        send(form(token, wheel).multiPart("sha256_digest", sha), wheel).statusCode(409)
                .statusLine(containsString("File already exists")).body(startsWith("409 File already exists"));
    }

    static void delete(Path dir) throws java.io.IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
