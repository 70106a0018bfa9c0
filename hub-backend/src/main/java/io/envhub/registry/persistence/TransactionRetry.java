package io.envhub.registry.persistence;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs a unit of work again when the database aborted it to break a deadlock (SQLSTATE 40P01) or a serialization
 * conflict (40001), at most {@link #ATTEMPTS} times in all, after a short random pause that grows with each attempt
 * (so two victims of the same conflict do not meet again in step). Any other failure, and the last retryable one, is
 * rethrown as it was. The unit must be a whole transaction ({@link RetryOnDeadlock}): a statement inside an aborted
 * transaction cannot be run again.
 */
public final class TransactionRetry {
    /** Attempts in all, the first one included. */
    public static final int ATTEMPTS = 3;
    /** The pause before the first retry is between half this and this, doubling for each further retry. */
    static final long BASE_PAUSE_MILLIS = 20;
    private static final Set<String> RETRYABLE = Set.of("40P01", "40001");

    /** The unit of work. */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws Exception;
    }

    /** Told before each retry. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param sqlState the SQLSTATE that aborted the attempt
         * @param failedAttempt the attempt that failed, counted from 1
         */
        void retrying(String sqlState, int failedAttempt, Exception failure);
    }

    /** Waits between attempts. */
    @FunctionalInterface
    public interface Pause {
        void sleep(long millis) throws InterruptedException;
    }

    private final int attempts;
    private final Pause pause;

    /** {@link #ATTEMPTS} attempts, pausing with {@link Thread#sleep(long)}. */
    public TransactionRetry() {
        this(ATTEMPTS, Thread::sleep);
    }

    TransactionRetry(int attempts, Pause pause) {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1");
        }
        this.attempts = attempts;
        this.pause = pause;
    }

    /** Runs {@code work}, again after a retryable failure while attempts remain. */
    public <T> T call(Work<T> work, Listener listener) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return work.run();
            } catch (Exception e) {
                String state = retryableState(e);
                if (state == null || attempt >= attempts) {
                    throw e;
                }
                listener.retrying(state, attempt, e);
                try {
                    pause.sleep(pauseMillis(attempt));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    e.addSuppressed(interrupted);
                    throw e;
                }
            }
        }
    }

    /** The pause after failed attempt {@code attempt} (from 1): random, between half and all of 20 ms × 2^(attempt-1). */
    static long pauseMillis(int attempt) {
        long ceiling = BASE_PAUSE_MILLIS << Math.min(attempt - 1, 10);
        return ThreadLocalRandom.current().nextLong(ceiling / 2, ceiling + 1);
    }

    /**
     * The SQLSTATE 40P01 or 40001 of an {@link SQLException} among the failure's causes, suppressed exceptions and
     * chained SQL exceptions (the JDBC driver's error may be wrapped by Hibernate, JPA and the transaction manager);
     * null when there is none.
     */
    public static String retryableState(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>();
        push(todo, failure);
        while (!todo.isEmpty()) {
            Throwable t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            if (t instanceof SQLException sql) {
                if (sql.getSQLState() != null && RETRYABLE.contains(sql.getSQLState())) {
                    return sql.getSQLState();
                }
                push(todo, sql.getNextException());
            }
            push(todo, t.getCause());
            for (Throwable s : t.getSuppressed()) {
                push(todo, s);
            }
        }
        return null;
    }

    private static void push(Deque<Throwable> todo, Throwable t) {
        if (t != null) {
            todo.add(t);
        }
    }
}
