package io.envhub.web.bounty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.web.hub.SettingsClient.OwnEnvironment;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The submit form offers only versions bounty-service would accept (issue 36 item 10): runtime verified (not static
 * checks only, not failed or validating), validated (the hub's validated version leaves yanked and quarantined ones
 * out), with the bounty's required tags and task type.
 */
class EligibleVersionsTest {
    private static OwnEnvironment env(String name, String validated, String trust, String... tags) {
        return new OwnEnvironment("alice", name, name, null, List.of(tags), "1.0.0", 0, 0, "public", OffsetDateTime.now(),
                validated, trust, trust, List.of());
    }

    private static Bounty bounty(List<String> requiredTags, String taskType) {
        return new Bounty(1, "open", "t", "math", "d", List.of("c"), "open_access", 1000, "USD", 1, 0, 1,
                OffsetDateTime.now().plusDays(3), "sam", requiredTags, taskType, OffsetDateTime.now(), OffsetDateTime.now(),
                List.of(), List.of(), List.of("submit"));
    }

    @Test
    void onlyRuntimeVerifiedVersionsWithTheBountysTagsAreOffered() {
        List<OwnEnvironment> envs = List.of(
                env("ran", "1.0.0", "verified", "math", "single-turn"),
                env("flagged", "2.0.0", "flagged", "math", "single-turn"),
                env("static", "1.0.0", "static-only", "math", "single-turn"),
                env("failing", null, "failed", "math", "single-turn"),
                env("quarantined", null, null, "math", "single-turn"),
                env("untagged", "1.0.0", "verified", "single-turn"),
                env("multi", "1.0.0", "verified", "math", "multi-turn"));
        assertEquals(List.of("alice/ran@1.0.0", "alice/flagged@2.0.0", "alice/untagged@1.0.0", "alice/multi@1.0.0"),
                EligibleVersions.of(envs, bounty(List.of(), null)));
        assertEquals(List.of("alice/ran@1.0.0", "alice/flagged@2.0.0", "alice/multi@1.0.0"),
                EligibleVersions.of(envs, bounty(List.of("math"), null)));
        assertEquals(List.of("alice/ran@1.0.0", "alice/flagged@2.0.0"),
                EligibleVersions.of(envs, bounty(List.of("math"), "single-turn")));
    }
}
