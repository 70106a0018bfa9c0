package io.envhub.registry.publish;

import static io.restassured.RestAssured.given;
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
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * One user cannot block another's upload: a refused push leaves no object under the content address it declared,
 * and an object that does not hold the bytes of its address is rewritten by the real push (201), never trusted.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class PoisonedObjectTest {
    @Inject
    ObjectStore store;

    private byte[] stored(String sha) throws Exception {
        try (InputStream in = store.get(Artifact.objectKeyFor(sha))) {
            return in.readAllBytes();
        }
    }

    @Test
    void anEmptyBodyWithADeclaredHashLeavesNoObjectAndTheRealPushSucceeds() throws Exception {
        String sam = Tokens.forUser("sam", "sam");
        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("poison-empty", "1.0");
        String sha = Sha256.hex(Sha256.digest(wheel.bytes()));
        // sam pushes an empty body into his own namespace, declaring the hash of alice's wheel
        RawUploadTest.put(sam, "sam/poison-empty", wheel.filename(), new byte[0], sha).statusCode(400)
                .contentType("application/problem+json").body("type", equalTo("https://envhub.dev/problems/file-missing"));
        assertTrue(store.size(Artifact.objectKeyFor(sha)).isEmpty(), "a refused push leaves no object");
        RawUploadTest.put(alice, "alice/poison-empty", wheel.filename(), wheel.bytes(), sha).statusCode(201);
        assertEquals(sha, Sha256.hex(Sha256.digest(stored(sha))));
    }

    @Test
    void anObjectThatDoesNotMatchItsAddressIsRewrittenByTheRealPush() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        // two wheels, two ways of pushing: raw with the hash declared (streams) and multipart (checked after receipt)
        TestWheels.Built raw = TestWheels.environment("poison-raw", "1.0");
        TestWheels.Built multipart = TestWheels.environment("poison-multi", "1.0");
        for (TestWheels.Built wheel : new TestWheels.Built[] {raw, multipart}) {
            String sha = Sha256.hex(Sha256.digest(wheel.bytes()));
            byte[] garbage = "not the wheel".getBytes(StandardCharsets.UTF_8);
            store.put(Artifact.objectKeyFor(sha), new ByteArrayInputStream(garbage), garbage.length, "application/zip");
            // same size, wrong bytes: found only by its hash
            byte[] sameSize = new byte[wheel.bytes().length];
            if (wheel == multipart) {
                store.put(Artifact.objectKeyFor(sha), new ByteArrayInputStream(sameSize), sameSize.length, "application/zip");
            }
        }
        String rawSha = Sha256.hex(Sha256.digest(raw.bytes()));
        RawUploadTest.put(alice, "alice/poison-raw", raw.filename(), raw.bytes(), rawSha).statusCode(201);
        assertEquals(rawSha, Sha256.hex(Sha256.digest(stored(rawSha))));
        String multiSha = Sha256.hex(Sha256.digest(multipart.bytes()));
        given().auth().oauth2(alice).multiPart("file", multipart.filename(), multipart.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/poison-multi/versions").then().statusCode(201);
        assertEquals(multiSha, Sha256.hex(Sha256.digest(stored(multiSha))));
        given().redirects().follow(false).auth().oauth2(alice).get("/api/v1/environments/alice/poison-multi/versions/1.0/download")
                .then().statusCode(302);
    }
}
