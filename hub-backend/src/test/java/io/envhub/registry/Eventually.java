package io.envhub.registry;

import java.util.function.BooleanSupplier;

/** Waits for what background workers (event dispatch, webhook and mail delivery) do within seconds. */
public final class Eventually {
    private Eventually() {
    }

    /** Polls {@code condition} every 200 ms for at most 30 s; fails with {@code what} when it never holds. */
    public static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("timed out waiting: " + what);
    }
}
