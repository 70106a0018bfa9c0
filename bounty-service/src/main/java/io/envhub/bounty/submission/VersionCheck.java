package io.envhub.bounty.submission;

import io.envhub.bounty.hub.HubFacts;
import io.envhub.contract.bountyfacts.VersionFacts;
import io.envhub.bounty.bounty.Bounty;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.VersionStatus;
import io.envhub.kit.error.ApiException;
import java.util.List;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Asks hub-backend whether an environment version may be submitted (or approved): it exists, is not quarantined by the
 * hub's moderators, is not yanked, is validated with runtime checks, and (at submit time) the submitter may publish to
 * its owner.
 */
@ApplicationScoped
public class VersionCheck {
    private final HubFacts hub;

    public VersionCheck(HubFacts hub) {
        this.hub = hub;
    }

    /** An environment reference split into owner and name. */
    public record Ref(String owner, String name) {
        /** {@code owner/name}. */
        public String text() {
            return owner + "/" + name;
        }
    }

    /** Parses {@code owner/name}; 400 {@code invalid-environment} otherwise. */
    public static Ref parse(String environment) {
        if (environment == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_ENVIRONMENT, "environment is required, as owner/name.");
        }
        String[] parts = environment.strip().split("/");
        if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank() || parts[0].length() > 100 || parts[1].length() > 200) {
            throw new ApiException.Invalid(ProblemCode.INVALID_ENVIRONMENT, "environment must be owner/name, e.g. alice/reverse-text.");
        }
        return new Ref(parts[0], parts[1]);
    }

    /** The version's facts when it is eligible; 403 or 409 naming the reason otherwise. */
    public VersionFacts eligible(Ref ref, String version, String submitterSubject) {
        if (version == null || version.isBlank() || version.length() > 100) {
            throw new ApiException.Invalid(ProblemCode.INVALID_VERSION, "version is required, e.g. 0.1.4.");
        }
        VersionFacts facts = current(ref, version.strip());
        if (!hub.mayPublish(ref.owner(), submitterSubject)) {
            throw new ApiException.Forbidden(ProblemCode.NOT_A_PUBLISHER, "You may only submit environments you may publish to (your own, "
                    + "or an organisation where you are owner or maintainer); you may not publish to '" + ref.owner() + "'.");
        }
        return facts;
    }

    /**
     * The version's facts if it exists, is not quarantined, is not yanked and is validated with runtime checks; 409 with
     * the reason otherwise. Asked at submit, at each new version of a submission and again at approval, so a version the
     * moderators quarantine after it was submitted can no longer be approved (and so paid for).
     */
    public VersionFacts current(Ref ref, String version) {
        VersionFacts facts = hub.version(ref.owner(), ref.name(), version);
        String what = ref.text() + "@" + version;
        if (!facts.exists()) {
            throw new ApiException.Conflict(ProblemCode.VERSION_NOT_FOUND, what + " is not published on the hub (or was deleted).");
        }
        if (facts.quarantined()) {
            throw new ApiException.Conflict(ProblemCode.VERSION_QUARANTINED, what + " is quarantined by the hub's moderators"
                    + reason(facts.quarantineReason()) + "; it cannot be submitted or approved.");
        }
        if (facts.yanked()) {
            throw new ApiException.Conflict(ProblemCode.VERSION_YANKED, what + " is yanked.");
        }
        if (!VersionStatus.VALIDATED.is(facts.status())) {
            // the hub's public word for the state (validating, failed, error), never its internal pending/validated
            String word = VersionStatus.find(facts.status()).flatMap(VersionStatus::trustWhileUnfinished)
                    .map(t -> t.label(0)).orElse("not known");
            throw new ApiException.Conflict(ProblemCode.VERSION_NOT_VALIDATED, what + " has not passed validation (its status is "
                    + word + ").");
        }
        if (!facts.runtimeVerified()) {
            throw new ApiException.Conflict(ProblemCode.VERSION_NOT_RUNTIME_VERIFIED, what + " passed only the static checks; a bounty "
                    + "needs a version whose runtime checks ran and passed.");
        }
        return facts;
    }

    /** ": reason" without its closing full stop, or nothing when the hub gave no reason. */
    private static String reason(String reason) {
        if (reason == null || reason.isBlank()) {
            return "";
        }
        String r = reason.strip();
        while (r.endsWith(".")) {
            r = r.substring(0, r.length() - 1);
        }
        return r.isEmpty() ? "" : ": " + r;
    }

    /**
     * 409 {@code missing-required-tags} unless the environment carries every tag the bounty requires and, when the bounty
     * names a task type, that task type as a tag too (the hub has no separate task-type field: task types such as
     * {@code single-turn} or {@code tool-use} are tags).
     */
    public static void requireTags(Bounty b, Ref ref, VersionFacts facts) {
        java.util.Set<String> has = new java.util.HashSet<>(facts.tags() == null ? List.of() : facts.tags());
        List<String> missingTags = java.util.Arrays.stream(b.requiredTags == null ? new String[0] : b.requiredTags)
                .filter(t -> !has.contains(t)).toList();
        boolean missingTask = b.taskType != null && !b.taskType.isBlank() && !has.contains(b.taskType);
        if (missingTags.isEmpty() && !missingTask) {
            return;
        }
        StringBuilder why = new StringBuilder(ref.text() + " does not meet bounty " + b.id + "'s requirements:");
        if (!missingTags.isEmpty()) {
            why.append(" missing required tag(s) ").append(String.join(", ", missingTags)).append(';');
        }
        if (missingTask) {
            why.append(" missing task type ").append(b.taskType).append(" (as a tag);");
        }
        why.append(" its tags are ").append(has.isEmpty() ? "none" : String.join(", ", new java.util.TreeSet<>(has)))
                .append(". Add them to the environment (pyproject keywords) and publish a new version.");
        throw new ApiException.Conflict(ProblemCode.MISSING_REQUIRED_TAGS, why.toString());
    }
}
