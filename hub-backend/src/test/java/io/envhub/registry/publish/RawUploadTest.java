package io.envhub.registry.publish;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.hash.Sha256;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.model.Artifact;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.io.InputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Pushing a wheel as a raw body ({@code PUT .../files/{filename}}), streamed to storage when the sha256 is declared. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class RawUploadTest {
    @Inject
    EntityManager em;

    @Inject
    ObjectStore store;
    @Inject
    io.micrometer.core.instrument.MeterRegistry registry;

    @TestHTTPResource("/")
    URL base;

    static ValidatableResponse put(String token, String path, String filename, byte[] bytes, String sha256) {
        var req = given().contentType("application/octet-stream").body(bytes);
        if (token != null) {
            req = req.auth().oauth2(token);
        }
        if (sha256 != null) {
            req = req.queryParam("sha256", sha256);
        }
        return req.put("/api/v1/environments/" + path + "/files/" + filename).then();
    }

    long count(String sql) {
        return ((Number) em.createNativeQuery(sql).getSingleResult()).longValue();
    }

    /** The bytes of the artifact with this sha256, read from where its row says they are. */
    byte[] artifactBytes(String sha) throws java.io.IOException {
        String key = (String) em.createNativeQuery("SELECT object_key FROM hub.artifacts WHERE sha256 = ?1")
                .setParameter(1, sha).getSingleResult();
        try (InputStream in = store.get(key)) {
            return in.readAllBytes();
        }
    }

    static String sha(byte[] bytes) {
        return Sha256.hex(Sha256.digest(bytes));
    }

    @Test
    void aDeclaredHashStreamsTheWheelToTheStoreWhileItArrivesAndPublishes() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("raw-streamed", "1.0");
        String sha = sha(wheel.bytes());
        put(alice, "alice/raw-streamed", wheel.filename(), wheel.bytes(), sha).statusCode(201)
                .header("Location", containsString("/api/v1/environments/alice/raw-streamed/versions/1.0"))
                .body("sha256", equalTo(sha)).body("size", equalTo(wheel.bytes().length))
                .body("environmentCreated", equalTo(true)).body("trustStatus", equalTo("validating"));
        try (InputStream in = store.get(Artifact.objectKeyFor(sha))) {
            assertEquals(sha, sha(in.readAllBytes()), "the content-addressed object holds exactly the pushed bytes");
        }
        assertEquals(sha, sha(artifactBytes(sha)), "and the artifact references it");
        assertEquals(1, count("SELECT count(*) FROM hub.artifacts a JOIN hub.versions v ON v.id = a.version_id"
                + " JOIN hub.validation_jobs j ON j.version_id = v.id WHERE a.sha256 = '" + sha + "'"));
    }

    @Test
    void withoutADeclaredHashTheWheelIsStillHashedCheckedAndStored() {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("raw-plain", "2.0");
        String sha = sha(wheel.bytes());
        put(alice, "alice/raw-plain", wheel.filename(), wheel.bytes(), null).statusCode(201).body("sha256", equalTo(sha));
        assertEquals(wheel.bytes().length, store.size(Artifact.objectKeyFor(sha)).orElseThrow());
        put(alice, "alice/raw-plain", wheel.filename(), wheel.bytes(), sha).statusCode(409)
                .body("type", containsString("version-exists"));
        assertEquals(wheel.bytes().length, store.size(Artifact.objectKeyFor(sha)).orElseThrow(),
                "a refused push of bytes another version references leaves the object in place");
    }

    @Test
    void refusalsLeaveNoObjectAndNoRow() {
        String alice = Tokens.forUser("alice", "alice");
        long versions = count("SELECT count(*) FROM hub.versions");
        TestWheels.Built wheel = TestWheels.environment("raw-refused", "1.0");
        String sha = sha(wheel.bytes());

        put(alice, "alice/raw-refused", wheel.filename(), wheel.bytes(), "ab".repeat(32)).statusCode(400)
                .contentType("application/problem+json").body("type", containsString("hash-mismatch"));
        assertTrue(store.size(Artifact.objectKeyFor("ab".repeat(32))).isEmpty(), "the object streamed under the declared key is gone");
        assertTrue(store.size(Artifact.objectKeyFor(sha)).isEmpty());

        byte[] garbage = "this is not a zip archive".repeat(100).getBytes(StandardCharsets.UTF_8);
        put(alice, "alice/raw-refused", wheel.filename(), garbage, sha(garbage)).statusCode(400);
        assertTrue(store.size(Artifact.objectKeyFor(sha(garbage))).isEmpty(), "an unsafe upload's streamed object is removed");

        put(alice, "alice/raw-refused", "other_name-1.0-py3-none-any.whl", wheel.bytes(), sha).statusCode(400)
                .body("type", containsString("name-mismatch"));
        put(alice, "alice/raw-refused", "raw_refused-1.0.tar.gz", wheel.bytes(), sha).statusCode(400)
                .body("type", containsString("not-a-wheel"));
        put(alice, "alice/raw-refused", wheel.filename(), wheel.bytes(), "xyz").statusCode(400)
                .body("type", containsString("invalid-sha256"));
        put(null, "alice/raw-refused", wheel.filename(), wheel.bytes(), sha).statusCode(401);
        put(Tokens.forUser("sam", "sam"), "alice/raw-refused", wheel.filename(), wheel.bytes(), sha).statusCode(403);
        put(alice, "alice/raw-refused", wheel.filename(), new byte[4 * 1024 * 1024], null).statusCode(413);

        assertTrue(store.size(Artifact.objectKeyFor(sha)).isEmpty(), "no refused push stored the wheel");
        assertEquals(versions, count("SELECT count(*) FROM hub.versions"));
        assertEquals(0, count("SELECT count(*) FROM hub.environments WHERE name = 'raw-refused'"));
    }

    @Test
    void aPushThatLiesAboutItsHashNeverWritesTheObjectOfThatHash() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("raw-race", "1.0");
        String sha = sha(wheel.bytes());
        byte[] forged = new byte[wheel.bytes().length];
        new java.util.Random(7).nextBytes(forged);
        try (Socket liar = new Socket(base.getHost(), base.getPort())) {
            var out = liar.getOutputStream();
            out.write(("PUT /api/v1/environments/alice/raw-race/files/" + wheel.filename() + "?sha256=" + sha
                    + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + alice + "\r\nConnection: close"
                    + "\r\nContent-Type: application/octet-stream\r\nContent-Length: " + forged.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(forged, 0, forged.length / 2);
            out.flush();
            Thread.sleep(1000); // the liar's push is under way (it found no object under that hash) ...
            ExecutorService pool = Executors.newSingleThreadExecutor();
            Future<Integer> real = pool.submit(() -> put(alice, "alice/raw-race", wheel.filename(), wheel.bytes(), sha)
                    .extract().statusCode()); // ... when the real one comes: it may finish or wait for the liar
            try {
                real.get(2, java.util.concurrent.TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException waiting) {
                // it waits for the lock the liar holds on that object key
            }
            out.write(forged, forged.length / 2, forged.length - forged.length / 2);
            out.flush();
            String answer = new String(liar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400") && answer.contains("hash-mismatch"), answer);
            assertEquals(201, real.get(30, java.util.concurrent.TimeUnit.SECONDS));
            pool.shutdown();
        }
        try (InputStream in = store.get(Artifact.objectKeyFor(sha))) {
            assertEquals(sha, sha(in.readAllBytes()), "the object of that hash holds the real wheel");
        }
        assertEquals(sha, sha(artifactBytes(sha)));
    }

    @Test
    void twentyParallelStreamedPushesOfTheSameVersionStoreItOnce() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("raw-raced", "1.0");
        String sha = sha(wheel.bytes());
        ExecutorService pool = Executors.newFixedThreadPool(20);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            results.add(pool.submit(() -> {
                start.await();
                return put(alice, "alice/raw-raced", wheel.filename(), wheel.bytes(), sha).extract().statusCode();
            }));
        }
        start.countDown();
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> f : results) {
            statuses.add(f.get());
        }
        pool.shutdown();
        assertEquals(1, statuses.stream().filter(s -> s == 201).count(), statuses.toString());
        assertEquals(19, statuses.stream().filter(s -> s == 409).count(), statuses.toString());
        assertEquals(1, count("SELECT count(*) FROM hub.artifacts WHERE sha256 = '" + sha + "'"));
        assertEquals(sha, sha(artifactBytes(sha)));
        assertEquals(sha, sha(store.get(Artifact.objectKeyFor(sha)).readAllBytes()), "stored once, under its hash");
    }

    @Test
    void anInterruptedStreamedUploadLeavesNothingBehind() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        long versions = count("SELECT count(*) FROM hub.versions");
        TestWheels.Built wheel = TestWheels.environment("raw-cut", "1.0");
        String declaredSha = "cd".repeat(32);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            var out = socket.getOutputStream();
            out.write(("PUT /api/v1/environments/alice/raw-cut/files/" + wheel.filename() + "?sha256=" + declaredSha
                    + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + alice
                    + "\r\nContent-Type: application/octet-stream\r\nContent-Length: 2000000\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(wheel.bytes());
            out.write(new byte[500_000]);
            out.flush();
            FinishedUploads.awaitReceiving(registry);
        }
        FinishedUploads.awaitHandled(registry);
        assertTrue(store.size(Artifact.objectKeyFor(declaredSha)).isEmpty(), "no object under the declared key");
        assertEquals(versions, count("SELECT count(*) FROM hub.versions"), "no version row left behind");
        String sha = sha(wheel.bytes());
        put(alice, "alice/raw-cut", wheel.filename(), wheel.bytes(), sha).statusCode(201);
    }
}
