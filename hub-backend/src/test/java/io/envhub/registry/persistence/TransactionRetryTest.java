package io.envhub.registry.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TransactionRetryTest {
    private final List<Long> pauses = new ArrayList<>();
    private final List<String> retries = new ArrayList<>();
    private final TransactionRetry retry = new TransactionRetry(3, pauses::add);

    @Test
    void aDeadlockVictimRunsAgainAndItsResultIsReturned() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        String result = retry.call(() -> {
            if (runs.incrementAndGet() == 1) {
                throw wrapped("40P01");
            }
            return "done";
        }, this::retrying);
        assertEquals("done", result);
        assertEquals(2, runs.get());
        assertEquals(List.of("40P01@1"), retries);
        assertEquals(1, pauses.size());
        assertTrue(pauses.get(0) >= 10 && pauses.get(0) <= 20, "first pause " + pauses.get(0));
    }

    @Test
    void aSerializationFailureRunsAgainToo() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        assertEquals(3, (int) retry.call(() -> {
            if (runs.incrementAndGet() < 3) {
                throw wrapped("40001");
            }
            return runs.get();
        }, this::retrying));
        assertEquals(List.of("40001@1", "40001@2"), retries);
        assertTrue(pauses.get(1) >= 20 && pauses.get(1) <= 40, "second pause " + pauses.get(1));
    }

    @Test
    void otherFailuresAreRethrownAtOnce() {
        AtomicInteger runs = new AtomicInteger();
        PersistenceException unique = wrapped("23505");
        PersistenceException thrown = assertThrows(PersistenceException.class, () -> retry.call(() -> {
            runs.incrementAndGet();
            throw unique;
        }, this::retrying));
        assertSame(unique, thrown);
        assertEquals(1, runs.get());
        assertTrue(retries.isEmpty());
        IllegalStateException plain = new IllegalStateException("no SQL in here");
        assertSame(plain, assertThrows(IllegalStateException.class, () -> retry.call(() -> {
            throw plain;
        }, this::retrying)));
        assertTrue(pauses.isEmpty());
    }

    @Test
    void givesUpAfterTheBoundAndRethrowsTheLastFailure() {
        AtomicInteger runs = new AtomicInteger();
        List<PersistenceException> thrownByRuns = new ArrayList<>();
        PersistenceException thrown = assertThrows(PersistenceException.class, () -> retry.call(() -> {
            runs.incrementAndGet();
            PersistenceException e = wrapped("40P01");
            thrownByRuns.add(e);
            throw e;
        }, this::retrying));
        assertEquals(3, runs.get());
        assertSame(thrownByRuns.get(2), thrown);
        assertEquals(List.of("40P01@1", "40P01@2"), retries);
        assertEquals(2, pauses.size());
    }

    @Test
    void anInterruptedPauseStopsRetryingAndKeepsTheInterrupt() {
        TransactionRetry interrupted = new TransactionRetry(3, millis -> {
            throw new InterruptedException();
        });
        AtomicInteger runs = new AtomicInteger();
        PersistenceException e = assertThrows(PersistenceException.class, () -> interrupted.call(() -> {
            runs.incrementAndGet();
            throw wrapped("40P01");
        }, this::retrying));
        assertEquals(1, runs.get());
        assertTrue(Thread.interrupted(), "the interrupt is kept (and cleared here)");
        assertEquals(1, e.getSuppressed().length);
    }

    @Test
    void findsTheStateWhereverTheDriverErrorSits() {
        assertEquals("40P01", TransactionRetry.retryableState(wrapped("40P01")));
        RuntimeException suppressed = new RuntimeException("commit failed");
        suppressed.addSuppressed(new SQLException("could not serialize access", "40001"));
        assertEquals("40001", TransactionRetry.retryableState(suppressed));
        SQLException batch = new SQLException("batch entry failed", "XX000");
        batch.setNextException(new SQLException("deadlock detected", "40P01"));
        assertEquals("40P01", TransactionRetry.retryableState(new PersistenceException(batch)));
        assertNull(TransactionRetry.retryableState(wrapped("55P03")));
        RuntimeException loop = new RuntimeException("a");
        RuntimeException other = new RuntimeException("b", loop);
        loop.addSuppressed(other);
        assertNull(TransactionRetry.retryableState(loop));
    }

    @Test
    void pausesGrowAndStayInTheirRange() {
        for (int i = 0; i < 200; i++) {
            long first = TransactionRetry.pauseMillis(1);
            long second = TransactionRetry.pauseMillis(2);
            assertTrue(first >= 10 && first <= 20, "first " + first);
            assertTrue(second >= 20 && second <= 40, "second " + second);
        }
    }

    private void retrying(String state, int attempt, Exception failure) {
        retries.add(state + "@" + attempt);
    }

    /** A driver error as the service sees it: inside Hibernate's and JPA's exceptions. */
    private static PersistenceException wrapped(String sqlState) {
        SQLException driver = new SQLException("ERROR: state " + sqlState, sqlState);
        return new PersistenceException("could not execute statement", new RuntimeException("JDBC exception", driver));
    }
}
