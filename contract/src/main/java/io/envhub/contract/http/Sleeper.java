package io.envhub.contract.http;

import java.time.Duration;

/** Waits between attempts; replaceable so that tests of retries need not wait for real. */
@FunctionalInterface
public interface Sleeper {
    /** Sleeps on the current thread. */
    Sleeper REAL = d -> Thread.sleep(d.toMillis());

    /**
     * Waits.
     *
     * @param duration how long
     * @throws InterruptedException when interrupted
     */
    void sleep(Duration duration) throws InterruptedException;
}
