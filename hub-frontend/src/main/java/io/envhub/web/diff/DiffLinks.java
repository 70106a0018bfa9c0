package io.envhub.web.diff;

import io.envhub.contract.bounty.BountyJson;
import io.envhub.contract.api.VersionSummary;
import io.quarkus.qute.TemplateExtension;
import java.util.List;

/**
 * Links to version diffs from other pages ({@code diff:} in templates): the versions table links each version to the
 * one before it, a bounty submission's history links each resubmission to the version it replaced.
 */
@TemplateExtension(namespace = "diff")
public final class DiffLinks {
    private DiffLinks() {
    }

    /** The version listed after {@code index} (the one before it: the list is newest first), or null. */
    static String older(List<VersionSummary> newestFirst, int index) {
        return index + 1 < newestFirst.size() ? newestFirst.get(index + 1).version() : null;
    }

    /**
     * The diff page of the submitted version at {@code index} against the one submitted before it (same environment),
     * or null for the first one or when the environment changed.
     */
    static String sinceSubmitted(List<BountyJson.SubmittedVersion> versions, int index) {
        if (index <= 0 || index >= versions.size()) {
            return null;
        }
        BountyJson.SubmittedVersion before = versions.get(index - 1);
        BountyJson.SubmittedVersion now = versions.get(index);
        if (!before.environment().equals(now.environment()) || before.version().equals(now.version())) {
            return null;
        }
        return "/" + now.environment() + "/diff/" + before.version() + "..." + now.version();
    }
}
