package io.envhub.registry;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Small abuse limits for RateLimitTest, DownloadDedupTest and DownloadBatchingTest (one profile, so Quarkus restarts
 * once for all): two
 * actions per user and three per address per hour, and one counted download per client and environment per minute.
 * Download counts are written only when a test flushes them. The rest of the suite runs without effective limits and
 * writes every download at once.
 */
public class SmallLimitsProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>();
        for (String action : List.of("pushes", "tokens", "orgs")) {
            config.put("envhub.rate-limits." + action + ".per-user", "2");
            config.put("envhub.rate-limits." + action + ".per-ip", "3");
            config.put("envhub.rate-limits." + action + ".window", "PT1H");
        }
        config.put("envhub.downloads.dedup-window", "PT60S");
        // counts wait in memory until a test flushes them (DownloadBatchingTest)
        config.put("envhub.downloads.flush-at", "1000000");
        config.put("envhub.downloads.flush-interval", "1h");
        return config;
    }
}
