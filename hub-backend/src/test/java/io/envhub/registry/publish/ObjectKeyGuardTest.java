package io.envhub.registry.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The advisory lock a streamed push holds on its object key: exclusive, the same lock publishing takes, bounded. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class ObjectKeyGuardTest {
    @Inject
    ObjectKeyGuard guard;
    @Inject
    EntityManager em;

    /** Whether a transaction could take the key's advisory lock now (as publishing does), without waiting. */
    private boolean transactionCanLock(String key) {
        return QuarkusTransaction.requiringNew().call(() -> (Boolean) em.createNativeQuery(
                "SELECT pg_try_advisory_xact_lock(hashtextextended(?1, 0))").setParameter(1, key).getSingleResult());
    }

    @Test
    void holdsTheKeyExclusivelyUntilClosed() {
        String key = "artifacts/sha256/aa/guard-test-" + System.nanoTime();
        Optional<ObjectKeyGuard.Held> first = guard.tryHold(key);
        assertTrue(first.isPresent(), "a free key is held");
        assertTrue(guard.tryHold(key).isEmpty(), "a second push of the same bytes does not get it");
        assertFalse(transactionCanLock(key), "publishing (or removing) that object waits meanwhile");
        assertTrue(transactionCanLock(key + "-other"), "other keys are free");
        first.get().close();
        assertTrue(transactionCanLock(key), "closing releases it");
        Optional<ObjectKeyGuard.Held> again = guard.tryHold(key);
        assertTrue(again.isPresent());
        again.get().close();
    }

    @Test
    void atMostSlotsPushesStreamAtOnce() {
        List<ObjectKeyGuard.Held> held = new ArrayList<>();
        try {
            for (int i = 0; i < ObjectKeyGuard.SLOTS; i++) {
                held.add(guard.tryHold("artifacts/sha256/bb/slot-" + i + "-" + System.nanoTime()).orElseThrow());
            }
            assertTrue(guard.tryHold("artifacts/sha256/bb/one-too-many").isEmpty(), "no slot left");
        } finally {
            held.forEach(ObjectKeyGuard.Held::close);
        }
        Optional<ObjectKeyGuard.Held> freed = guard.tryHold("artifacts/sha256/bb/after");
        assertEquals(true, freed.isPresent(), "slots come back on close");
        freed.get().close();
    }
}
