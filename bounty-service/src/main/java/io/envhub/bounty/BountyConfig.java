package io.envhub.bounty;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the bounty service. */
@ConfigMapping(prefix = "envhub.bounty")
public interface BountyConfig {
    /** Base URL of hub-backend, asked whether a submitted version is validated (ENVHUB_BACKEND_URL). */
    String hubUrl();

    /**
     * How long hub-backend's answer "this user is (not) suspended" is reused before asking again, per user: a
     * suspension reaches bounty-service within this window (ENVHUB_BOUNTY_SUSPENSION_CACHE).
     */
    @WithDefault("PT5S")
    Duration suspensionCache();

    /** Platform fee per award in basis points of the reward (100 = 1 %), credited to platform:fees (ENVHUB_PLATFORM_FEE_BASIS_POINTS). */
    @WithDefault("0")
    int feeBasisPoints();

    /** Payout settings. */
    Payout payout();

    /** How often the scheduled jobs run. */
    Jobs jobs();

    /** Periods of the scheduled jobs (Quarkus scheduler syntax, e.g. 15s, 10m). */
    interface Jobs {
        /** Payout worker pass (ENVHUB_PAYOUT_EVERY). */
        @WithDefault("15s")
        String payoutEvery();

        /** Closing open bounties past their deadline (ENVHUB_DEADLINE_CHECK_EVERY). */
        @WithDefault("60s")
        String deadlineEvery();

        /** Ledger reconciliation (ENVHUB_RECONCILIATION_EVERY). */
        @WithDefault("10m")
        String reconciliationEvery();

        /** Relay of the event outbox to hub-backend (ENVHUB_EVENT_RELAY_EVERY). */
        @WithDefault("2s")
        String relayEvery();
    }

    /** The payout worker and its provider. */
    interface Payout {
        /** Whether this instance runs the payout worker (ENVHUB_PAYOUT_WORKER_ENABLED). */
        @WithDefault("true")
        boolean workerEnabled();

        /** Name of the PayoutProvider bean payouts are sent through: manual (admins pay and confirm) (ENVHUB_PAYOUT_PROVIDER). */
        @WithDefault("manual")
        String provider();

        /** How long a claimed payout stays leased to a worker before another may claim it again (ENVHUB_PAYOUT_LEASE). */
        @WithDefault("PT2M")
        Duration lease();

        /** Most payouts one worker pass claims. */
        @WithDefault("20")
        int batch();
    }
    /** Applications pending longer than this many days appear in the admins' review queue (ENVHUB_BOUNTY_APPLICATION_REVIEW_DAYS). */
    @io.smallrye.config.WithDefault("3")
    int applicationReviewDays();
}
