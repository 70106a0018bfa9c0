package io.envhub.registry.publish;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.hash.Sha256;
import io.envhub.testsupport.TestWheels;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.model.Artifact;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pushing wheels: what is stored, and every refusal with its reason, leaving nothing behind. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class PublishTest {
    @Inject
    EntityManager em;

    @Inject
    ObjectStore store;
    @Inject
    io.micrometer.core.instrument.MeterRegistry registry;

    static ValidatableResponse push(String token, String path, String filename, byte[] bytes, String sha256, String visibility) {
        var req = given().multiPart("file", filename, bytes, "application/octet-stream");
        if (token != null) {
            req = req.auth().oauth2(token);
        }
        if (sha256 != null) {
            req = req.multiPart("sha256", sha256);
        }
        if (visibility != null) {
            req = req.multiPart("visibility", visibility);
        }
        return req.post("/api/v1/environments/" + path + "/versions").then();
    }

    long count(String sql) {
        return ((Number) em.createNativeQuery(sql).getSingleResult()).longValue();
    }

    @Test
    void aFirstPushCreatesTheEnvironmentStoresTheWheelAndQueuesValidation() {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("Reverse_Text", "0.1.4");
        String sha = Sha256.hex(Sha256.digest(wheel.bytes()));
        push(alice, "alice/reverse-text", wheel.filename(), wheel.bytes(), sha, null).statusCode(201)
                .header("Location", containsString("/api/v1/environments/alice/reverse-text/versions/0.1.4"))
                .body("sha256", equalTo(sha)).body("size", equalTo(wheel.bytes().length))
                .body("trustStatus", equalTo("validating")).body("environmentCreated", equalTo(true))
                .body("filename", equalTo("reverse_text-0.1.4-py3-none-any.whl"));

        assertEquals(1, count("SELECT count(*) FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id"
                + " WHERE o.name = 'alice' AND e.name = 'reverse-text' AND e.display_name = 'Reverse_Text'"
                + " AND e.latest_version = '0.1.4' AND e.summary = 'Reverse a given text' AND e.tags = '{text,single-turn}'"
                + " AND e.readme LIKE '# Reverse_Text%'"));
        assertEquals(1, count("SELECT count(*) FROM hub.validation_jobs j JOIN hub.versions v ON v.id = j.version_id"
                + " WHERE v.version = '0.1.4' AND j.state = 'queued'"));
        assertEquals(1, count("SELECT count(*) FROM hub.artifacts WHERE sha256 = '" + sha + "' AND metadata_text LIKE"
                + " 'Metadata-Version: 2.1%' AND files::text LIKE '%reverse_text.py%'"));
        assertEquals(wheel.bytes().length, store.size(Artifact.objectKeyFor(sha)).orElseThrow());
    }

    @Test
    void theSameVersionCanNeverBePushedTwiceNotEvenSpelledDifferently() {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built first = TestWheels.environment("twice", "1.0");
        push(alice, "alice/twice", first.filename(), first.bytes(), null, null).statusCode(201);
        push(alice, "alice/twice", first.filename(), first.bytes(), null, null).statusCode(409)
                .contentType("application/problem+json").body("type", containsString("version-exists"))
                .body("detail", containsString("bump the version"));
        TestWheels.Built same = TestWheels.environment("twice", "1.0.0");
        push(alice, "alice/twice", same.filename(), same.bytes(), null, null).statusCode(409)
                .body("type", containsString("version-exists"));
        assertEquals(1, count("SELECT count(*) FROM hub.versions v JOIN hub.environments e ON e.id = v.environment_id"
                + " WHERE e.name = 'twice'"));
    }

    @Test
    void refusalsNameTheirCauseAndLeaveNothingBehind() {
        String alice = Tokens.forUser("alice", "alice");
        long objects = objectCount();
        long versions = count("SELECT count(*) FROM hub.versions");
        TestWheels.Built wheel = TestWheels.environment("refused", "1.0");

        push(alice, "alice/refused", wheel.filename(), wheel.bytes(), "00".repeat(32), null).statusCode(400)
                .body("type", containsString("hash-mismatch"));
        push(alice, "alice/refused", "refused-1.0.tar.gz", wheel.bytes(), null, null).statusCode(400)
                .body("type", containsString("not-a-wheel"));
        push(alice, "alice/refused", wheel.filename(), "not a zip at all".getBytes(), null, null).statusCode(400)
                .body("type", containsString("archive"));
        push(alice, "alice/other-name", wheel.filename(), wheel.bytes(), null, null).statusCode(400)
                .body("type", containsString("name-mismatch"));
        push(alice, "alice/refused", "refused-2.0-py3-none-any.whl", wheel.bytes(), null, null).statusCode(400)
                .body("detail", containsString("disagrees with METADATA"));
        push(alice, "alice/refused", wheel.filename(), wheel.bytes(), null, "secret").statusCode(400)
                .body("type", containsString("invalid-visibility"));
        given().auth().oauth2(alice).post("/api/v1/environments/alice/refused/versions").then().statusCode(415);

        assertEquals(objects, objectCount(), "no object left behind");
        assertEquals(versions, count("SELECT count(*) FROM hub.versions"), "no version row left behind");
        assertEquals(0, count("SELECT count(*) FROM hub.environments WHERE name IN ('refused', 'other-name')"));
    }

    @Test
    void onlyTheNamespaceOwnerMayPush() {
        TestWheels.Built wheel = TestWheels.environment("guarded", "1.0");
        push(null, "alice/guarded", wheel.filename(), wheel.bytes(), null, null).statusCode(401);
        Tokens.forUser("alice", "alice");
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get("/api/v1/me").then().statusCode(200);
        push(Tokens.forUser("sam", "sam"), "alice/guarded", wheel.filename(), wheel.bytes(), null, null).statusCode(403)
                .body("detail", containsString("alice"));
        push(Tokens.forUser("sam", "sam"), "nobody-here/guarded", wheel.filename(), wheel.bytes(), null, null).statusCode(404);
        push(Tokens.forUser("ada", "ada"), "alice/guarded", wheel.filename(), wheel.bytes(), null, null).statusCode(201);
    }

    @Test
    void tooLargeIsRefusedBeforeTheBodyIsRead() {
        byte[] big = new byte[4 * 1024 * 1024];
        push(Tokens.forUser("alice", "alice"), "alice/big", "big-1.0-py3-none-any.whl", big, null, null).statusCode(413)
                .contentType("application/problem+json").body("detail", containsString("limit"))
                .body("detail", containsString("3145728 bytes"));
        // the CLI reads the same figure before uploading (issue 36, item 2)
        given().get("/api/v1/version").then().statusCode(200).body("maxUploadBytes", org.hamcrest.Matchers.equalTo(3145728));
    }

    @Test
    void aPrivateEnvironmentCanBeCreated() {
        TestWheels.Built wheel = TestWheels.environment("hidden-env", "0.1");
        push(Tokens.forUser("alice", "alice"), "alice/hidden-env", wheel.filename(), wheel.bytes(), null, "private")
                .statusCode(201);
        assertEquals(1, count("SELECT count(*) FROM hub.environments WHERE name = 'hidden-env' AND visibility = 'private'"));
    }

    @Test
    void yankHidesFromLatestAndDeleteBurnsTheFileName() {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built v1 = TestWheels.environment("lifecycle", "1.0");
        TestWheels.Built v2 = TestWheels.environment("lifecycle", "2.0");
        TestWheels.Built pre = TestWheels.environment("lifecycle", "3.0a1");
        push(alice, "alice/lifecycle", v1.filename(), v1.bytes(), null, null).statusCode(201);
        push(alice, "alice/lifecycle", v2.filename(), v2.bytes(), null, null).statusCode(201)
                .body("environmentCreated", equalTo(false));
        push(alice, "alice/lifecycle", pre.filename(), pre.bytes(), null, null).statusCode(201);
        assertEquals("2.0", latest("lifecycle"), "a pre-release is not the latest while a final release exists");

        given().auth().oauth2(alice).contentType("application/json").body("{\"reason\":\"broken reward\"}")
                .post("/api/v1/environments/alice/lifecycle/versions/2.0/yank").then().statusCode(200)
                .body("yanked", equalTo(true)).body("yankReason", equalTo("broken reward")).body("latestVersion", equalTo("1.0"));
        given().auth().oauth2(alice).contentType("application/json").body("{}")
                .post("/api/v1/environments/alice/lifecycle/versions/1.0/yank").then().statusCode(400)
                .body("type", containsString("reason-required"));
        given().auth().oauth2(Tokens.forUser("sam", "sam")).contentType("application/json").body("{\"reason\":\"x\"}")
                .post("/api/v1/environments/alice/lifecycle/versions/1.0/yank").then().statusCode(403);
        given().auth().oauth2(alice).post("/api/v1/environments/alice/lifecycle/versions/2.0/unyank").then().statusCode(200)
                .body("latestVersion", equalTo("2.0"));

        String sha = Sha256.hex(Sha256.digest(v2.bytes()));
        given().auth().oauth2(alice).delete("/api/v1/environments/alice/lifecycle/versions/2.0").then().statusCode(204);
        assertTrue(store.size(Artifact.objectKeyFor(sha)).isEmpty(), "the unreferenced object is removed");
        assertEquals("1.0", latest("lifecycle"));
        push(alice, "alice/lifecycle", v2.filename(), v2.bytes(), null, null).statusCode(409)
                .body("type", containsString("version-exists"));
        given().auth().oauth2(alice).delete("/api/v1/environments/alice/lifecycle/versions/2.0").then().statusCode(404);
    }

    String latest(String env) {
        em.clear();
        return (String) em.createNativeQuery("SELECT latest_version FROM hub.environments WHERE name = ?1").setParameter(1, env)
                .getSingleResult();
    }

    long objectCount() {
        try (var files = java.nio.file.Files.walk(java.nio.file.Path.of(
                org.eclipse.microprofile.config.ConfigProvider.getConfig().getValue("envhub.test.s3-dir", String.class)))) {
            return files.filter(java.nio.file.Files::isRegularFile).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void twentyParallelPushesOfTheSameVersionStoreItOnce() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("raced", "1.0");
        var pool = java.util.concurrent.Executors.newFixedThreadPool(20);
        var start = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<Integer>> results = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            results.add(pool.submit(() -> {
                start.await();
                return push(alice, "alice/raced", wheel.filename(), wheel.bytes(), null, null).extract().statusCode();
            }));
        }
        start.countDown();
        int created = 0;
        int conflicts = 0;
        for (var f : results) {
            int status = f.get();
            created += status == 201 ? 1 : 0;
            conflicts += status == 409 ? 1 : 0;
        }
        pool.shutdown();
        assertEquals(1, created);
        assertEquals(19, conflicts);
        assertEquals(1, count("SELECT count(*) FROM hub.artifacts a JOIN hub.versions v ON v.id = a.version_id"
                + " JOIN hub.environments e ON e.id = v.environment_id WHERE e.name = 'raced'"));
        String sha = Sha256.hex(Sha256.digest(wheel.bytes()));
        assertArrayEquals(new long[] {wheel.bytes().length}, new long[] {store.size(Artifact.objectKeyFor(sha)).orElseThrow()});
    }

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URL base;

    @Test
    void anInterruptedUploadLeavesNothingBehind() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        long objects = objectCount();
        long versions = count("SELECT count(*) FROM hub.versions");
        TestWheels.Built wheel = TestWheels.environment("interrupted", "1.0");
        String boundary = "envhubboundary";
        String head = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + wheel.filename()
                + "\"\r\nContent-Type: application/octet-stream\r\n\r\n";
        int declared = head.length() + 2_000_000;
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
            var out = socket.getOutputStream();
            out.write(("POST /api/v1/environments/alice/interrupted/versions HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: Bearer " + alice + "\r\nContent-Type: multipart/form-data; boundary=" + boundary
                    + "\r\nContent-Length: " + declared + "\r\n\r\n" + head).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.write(wheel.bytes());
            out.flush();
            FinishedUploads.awaitReceiving(registry);
        }
        FinishedUploads.awaitHandled(registry);
        assertEquals(objects, objectCount(), "no object left behind");
        assertEquals(versions, count("SELECT count(*) FROM hub.versions"), "no version row left behind");
        assertEquals(0, count("SELECT count(*) FROM hub.environments WHERE name = 'interrupted'"));
        push(alice, "alice/interrupted", wheel.filename(), wheel.bytes(), null, null).statusCode(201);
    }
}
