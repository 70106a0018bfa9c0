package io.envhub.registry.publish.upload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.ProblemCode;
import io.envhub.format.hash.Sha256;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The receiver against the real object store (S3Proxy): a body streamed to its declared content address is stored
 * whole only when its sha256 is the declared one; a corrupted or cut-off body never completes that object, whatever
 * the caller does afterwards (no cleanup is involved here).
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class UploadReceiverTest {
    /** Under the test limit (3 MiB) and a dozen chunks of the receiver's 256 KiB. */
    private static final int SIZE = 3_000_000;

    @Inject
    UploadReceiver receiver;
    @Inject
    ObjectStore store;

    private static byte[] random(long seed) {
        byte[] b = new byte[SIZE];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static String sha(byte[] bytes) {
        return Sha256.hex(Sha256.digest(bytes));
    }

    private static String key() {
        return "test/receiver/" + UUID.randomUUID();
    }

    @Test
    void aBodyMatchingItsDeclaredHashIsStoredWholeUnderItsKey() throws Exception {
        byte[] body = random(1);
        String sha = sha(body);
        String key = key();
        UploadReceiver.Received received = receiver.receive(new ByteArrayInputStream(body), body.length, key, sha);
        try {
            assertEquals(key, received.storedKey());
            assertEquals(sha, received.sha256());
            assertEquals(SIZE, received.size());
            assertEquals(SIZE, store.size(key).orElseThrow());
            try (InputStream in = store.get(key)) {
                assertEquals(sha, sha(in.readAllBytes()), "the stored object's sha256 is the declared one");
            }
            assertArrayEquals(body, Files.readAllBytes(received.file()), "and the local copy for the checks is whole");
        } finally {
            UploadReceiver.deleteQuietly(received.file());
            store.delete(key);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, SIZE / 2, SIZE - 1})
    void aCorruptedBodyNeverCompletesTheObjectOfItsDeclaredHash(int flipped) {
        byte[] body = random(2);
        String declared = sha(body);
        byte[] corrupted = body.clone();
        corrupted[flipped] ^= 1;
        String key = key();
        UploadReceiver.Received received = receiver.receive(new ByteArrayInputStream(corrupted), corrupted.length, key,
                declared);
        UploadReceiver.deleteQuietly(received.file());
        assertNull(received.storedKey(), "nothing was stored");
        assertEquals(sha(corrupted), received.sha256(), "the caller learns the real hash and refuses the push");
        assertTrue(store.size(key).isEmpty(), "the store never completed the object (its last chunk was held back)");
    }

    @Test
    void aBodyCutShortOfItsLengthIsRefusedAndNeverCompletesTheObject() {
        byte[] body = random(3);
        String key = key();
        ApiException refused = assertThrows(ApiException.class, () -> receiver.receive(
                new ByteArrayInputStream(body, 0, SIZE - 100_000), SIZE, key, sha(body)));
        assertEquals(ProblemCode.UPLOAD_INTERRUPTED.code(), refused.code());
        assertTrue(store.size(key).isEmpty());
    }
}
