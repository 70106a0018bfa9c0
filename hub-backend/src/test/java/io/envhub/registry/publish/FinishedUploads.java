package io.envhub.registry.publish;

import static org.junit.jupiter.api.Assertions.fail;

import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Statistic;
import java.util.function.BooleanSupplier;

/**
 * Waits for the server to finish handling a push the test cuts off, instead of sleeping, so the absence checks that
 * follow test something: {@link #awaitReceiving} (before the test closes its socket) waits until the server holds the
 * request open; {@link #awaitHandled} (after) waits until no request is in flight any more (Quarkus'
 * {@code http.server.active.requests}), by which time whatever the push left behind was removed or never written.
 */
final class FinishedUploads {
    private static final long DEADLINE_NANOS = 60_000_000_000L;

    private FinishedUploads() {
    }

    /** Polls until the server is handling at least one request (the cut-off push, still open). */
    static void awaitReceiving(MeterRegistry registry) throws InterruptedException {
        await(() -> active(registry) >= 1, "the server never started handling the push");
    }

    /** Polls until the server handles no request any more. */
    static void awaitHandled(MeterRegistry registry) throws InterruptedException {
        await(() -> active(registry) == 0, "the server still handles the cut-off push after 60 s");
    }

    private static void await(BooleanSupplier condition, String failure) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail(failure);
            }
            Thread.sleep(20);
        }
    }

    private static int active(MeterRegistry registry) {
        var meters = registry.find("http.server.active.requests").meters();
        if (meters.isEmpty()) {
            fail("no http.server.active.requests meter");
        }
        double sum = 0;
        for (Meter m : meters) {
            for (Measurement measured : m.measure()) {
                if (measured.getStatistic() == Statistic.VALUE || measured.getStatistic() == Statistic.ACTIVE_TASKS) {
                    sum += measured.getValue();
                }
            }
        }
        return (int) Math.round(sum);
    }
}
