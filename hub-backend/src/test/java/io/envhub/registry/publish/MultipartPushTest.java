package io.envhub.registry.publish;

import static io.envhub.registry.publish.RawUploadTest.sha;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The multipart push read as a stream: field order, one file, hash checks before and after the file, cut-off bodies. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class MultipartPushTest {
    private static final String BOUNDARY = "envhub-test-boundary-7f3a";

    @Inject
    EntityManager em;
    @Inject
    ObjectStore store;
    @Inject
    io.micrometer.core.instrument.MeterRegistry registry;
    @TestHTTPResource("/")
    URL base;

    /** A multipart body with the parts in the given order: {name, value} pairs, the value a byte[] for the file. */
    static byte[] body(String filename, Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < parts.length; i += 2) {
            String name = (String) parts[i];
            String head = "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\""
                    + (parts[i + 1] instanceof byte[] ? "; filename=\"" + filename + "\"\r\nContent-Type: application/octet-stream" : "")
                    + "\r\n\r\n";
            out.writeBytes(head.getBytes(StandardCharsets.UTF_8));
            out.writeBytes(parts[i + 1] instanceof byte[] b ? b : ((String) parts[i + 1]).getBytes(StandardCharsets.UTF_8));
            out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    static ValidatableResponse post(String token, String path, byte[] body) {
        return given().auth().oauth2(token).contentType("multipart/form-data; boundary=" + BOUNDARY).body(body)
                .post("/api/v1/environments/" + path + "/versions").then();
    }

    long count(String sql) {
        return ((Number) em.createNativeQuery(sql).getSingleResult()).longValue();
    }

    @Test
    void fieldsBeforeOrAfterTheFileAreHonoured() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built first = TestWheels.environment("mp-order", "1.0");
        post(alice, "alice/mp-order", body(first.filename(), "sha256", sha(first.bytes()), "file", first.bytes(),
                "visibility", "private")).statusCode(201).body("sha256", equalTo(sha(first.bytes())))
                .body("environmentCreated", equalTo(true));
        assertEquals(1, count("SELECT count(*) FROM hub.environments WHERE name = 'mp-order' AND visibility = 'private'"),
                "visibility sent after the file");
        try (InputStream in = store.get(Artifact.objectKeyFor(sha(first.bytes())))) {
            assertEquals(sha(first.bytes()), sha(in.readAllBytes()), "stored bytes == pushed bytes");
        }
        TestWheels.Built second = TestWheels.environment("mp-order", "1.1");
        post(alice, "alice/mp-order", body(second.filename(), "visibility", "public", "file", second.bytes(),
                "note", "ignored", "sha256", sha(second.bytes()))).statusCode(201);
        assertEquals(second.bytes().length, store.size(Artifact.objectKeyFor(sha(second.bytes()))).orElseThrow());
    }

    @Test
    void wrongHashesBeforeOrAfterTheFileLeaveNothing() {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("mp-hash", "1.0");
        String wrong = "ef".repeat(32);
        post(alice, "alice/mp-hash", body(wheel.filename(), "sha256", wrong, "file", wheel.bytes())).statusCode(400)
                .contentType("application/problem+json").body("type", containsString("hash-mismatch"));
        post(alice, "alice/mp-hash", body(wheel.filename(), "file", wheel.bytes(), "sha256", wrong)).statusCode(400)
                .body("type", containsString("hash-mismatch"));
        post(alice, "alice/mp-hash", body(wheel.filename(), "file", wheel.bytes(), "sha256", "nothex")).statusCode(400)
                .body("type", containsString("invalid-sha256"));
        assertTrue(store.size(Artifact.objectKeyFor(wrong)).isEmpty(), "nothing under the declared hash");
        assertTrue(store.size(Artifact.objectKeyFor(sha(wheel.bytes()))).isEmpty(), "nothing under the real hash");
        assertEquals(0, count("SELECT count(*) FROM hub.environments WHERE name = 'mp-hash'"));
    }

    @Test
    void oneFilePartExactly() {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("mp-files", "1.0");
        post(alice, "alice/mp-files", body(wheel.filename(), "sha256", sha(wheel.bytes()))).statusCode(400)
                .body("type", containsString("file-missing"));
        post(alice, "alice/mp-files", body(wheel.filename(), "sha256", sha(wheel.bytes()), "file", wheel.bytes(),
                "file", wheel.bytes())).statusCode(400).body("type", containsString("file-repeated"));
        given().auth().oauth2(alice).contentType("multipart/form-data").body(body(wheel.filename(), "file", wheel.bytes()))
                .post("/api/v1/environments/alice/mp-files/versions").then().statusCode(400);
        assertTrue(store.size(Artifact.objectKeyFor(sha(wheel.bytes()))).isEmpty(), "the repeated push stored nothing");
        assertEquals(0, count("SELECT count(*) FROM hub.environments WHERE name = 'mp-files'"));
    }

    @Test
    void aCutOffBodyLeavesNothingAndARetryWorks() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("mp-cut", "1.0");
        byte[] whole = body(wheel.filename(), "sha256", sha(wheel.bytes()), "file", wheel.bytes());
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            var out = socket.getOutputStream();
            out.write(("POST /api/v1/environments/alice/mp-cut/versions HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                    + alice + "\r\nContent-Type: multipart/form-data; boundary=" + BOUNDARY + "\r\nContent-Length: "
                    + whole.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(whole, 0, whole.length / 2);
            out.flush();
            FinishedUploads.awaitReceiving(registry);
        }
        FinishedUploads.awaitHandled(registry);
        assertTrue(store.size(Artifact.objectKeyFor(sha(wheel.bytes()))).isEmpty(), "no object");
        assertEquals(0, count("SELECT count(*) FROM hub.environments WHERE name = 'mp-cut'"), "no row");
        post(alice, "alice/mp-cut", whole).statusCode(201);
    }
}
