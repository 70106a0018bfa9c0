package io.envhub.stack;

import io.envhub.stack.seed.DemoBounties;
import io.envhub.stack.seed.DemoSeeder;
import io.envhub.stack.seed.SeedClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Demo seeding as {@code up} and {@code seed} run it (the demo environments, then the demo bounties): once per stack
 * data dir (marker file {@value #MARKER}), skipped
 * with {@code ENVHUB_SEED=false}. A failure prints one line and never fails {@code up}: the hub still runs.
 */
final class StackSeeding {
    static final String MARKER = "demo-seeded";
    private static final Duration VALIDATION_TIMEOUT = Duration.ofSeconds(180);

    private final StackConfig config;

    StackSeeding(StackConfig config) {
        this.config = config;
    }

    /** Whether {@code ENVHUB_SEED} turns seeding off. */
    static boolean disabled(String value) {
        return value != null && (value.equalsIgnoreCase("false") || value.equals("0") || value.equalsIgnoreCase("no"));
    }

    private Path marker() {
        return config.dataDir().resolve(MARKER);
    }

    /** After {@code up}: seeds on the first start of this data dir only. */
    void afterUp() {
        if (disabled(System.getenv("ENVHUB_SEED"))) {
            System.out.println("seed: skipped (ENVHUB_SEED=false)");
            return;
        }
        if (Files.exists(marker())) {
            return;
        }
        System.out.println("seed: first start of " + config.dataDir() + ": seeding demo environments"
                + " (skip with ENVHUB_SEED=false) ...");
        seed();
    }

    /** Seeds now, whatever the marker says; true when it worked. */
    boolean seed() {
        DemoSeeder seeder = new DemoSeeder(Service.BACKEND.url(), config.get("ENVHUB_KEYCLOAK_URL"),
                config.get("ENVHUB_DB_URL"), config.get("ENVHUB_DB_USER"), config.get("ENVHUB_DB_PASSWORD"),
                VALIDATION_TIMEOUT, System.out);
        try {
            seeder.run();
            new DemoBounties(Service.BOUNTY.url(), new SeedClient(Service.BACKEND.url(), config.get("ENVHUB_KEYCLOAK_URL")),
                    System.out).seed();
            Files.writeString(marker(), "demo environments seeded at " + Instant.now() + System.lineSeparator());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.out.println("seed: interrupted; run ./envhub-stack seed to try again");
            return false;
        } catch (Exception e) {
            System.out.println("seed: demo seeding stopped (" + oneLine(e) + "); the hub runs with the demo data seeded"
                    + " so far (the lines above); ./envhub-stack seed tries again and keeps what exists");
            return false;
        }
    }

    private static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replaceAll("\\s+", " ");
    }
}
