package io.envhub.web.bounty;

import io.envhub.contract.TrustStatus;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.web.hub.SettingsClient.OwnEnvironment;
import java.util.List;

/**
 * The versions the submit form offers for a bounty (issue 36 item 10), as {@code owner/name@version}: of each environment
 * the viewer publishes, its newest validated version (the hub leaves yanked and quarantined ones out), when the hub ran it
 * (runtime verified: bounty-service refuses a static-only version) and the environment carries the bounty's required tags
 * and task type. bounty-service checks the same on submit; the form refuses anything else before asking it.
 */
public final class EligibleVersions {
    private EligibleVersions() {
    }

    /** The eligible versions among {@code envs} for {@code bounty}, in the order given. */
    public static List<String> of(List<OwnEnvironment> envs, Bounty bounty) {
        return envs.stream().filter(e -> e.validatedVersion() != null)
                .filter(e -> TrustStatus.find(e.trustStatus()).map(TrustStatus::runtimeVerified).orElse(false))
                .filter(e -> meets(e, bounty))
                .map(e -> e.owner() + "/" + e.name() + "@" + e.validatedVersion()).toList();
    }

    private static boolean meets(OwnEnvironment e, Bounty bounty) {
        List<String> tags = e.tags() == null ? List.of() : e.tags();
        boolean task = bounty.taskType() == null || bounty.taskType().isBlank() || tags.contains(bounty.taskType());
        return task && (bounty.requiredTags() == null || tags.containsAll(bounty.requiredTags()));
    }
}
