package io.envhub.bounty.submission;

import io.envhub.bounty.hub.HubFacts;
import io.envhub.bounty.hub.VersionFacts;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Asks hub-backend whether an environment version may be submitted (or approved): it exists, is not yanked, is
 * validated with runtime checks, and (at submit time) the submitter may publish to its owner.
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
            throw new ApiException.Invalid("invalid-environment", "environment is required, as owner/name.");
        }
        String[] parts = environment.strip().split("/");
        if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank() || parts[0].length() > 100 || parts[1].length() > 200) {
            throw new ApiException.Invalid("invalid-environment", "environment must be owner/name, e.g. alice/reverse-text.");
        }
        return new Ref(parts[0], parts[1]);
    }

    /** The version's facts when it is eligible; 403 or 409 naming the reason otherwise. */
    public VersionFacts eligible(Ref ref, String version, String submitterSubject) {
        if (version == null || version.isBlank() || version.length() > 100) {
            throw new ApiException.Invalid("invalid-version", "version is required, e.g. 0.1.4.");
        }
        VersionFacts facts = current(ref, version.strip());
        if (!hub.mayPublish(ref.owner(), submitterSubject)) {
            throw new ApiException.Forbidden("not-a-publisher", "You may only submit environments you may publish to (your own, "
                    + "or an organisation where you are owner or maintainer); you may not publish to '" + ref.owner() + "'.");
        }
        return facts;
    }

    /** The version's facts if it exists, is not yanked and is validated with runtime checks; 409 with the reason otherwise. */
    public VersionFacts current(Ref ref, String version) {
        VersionFacts facts = hub.version(ref.owner(), ref.name(), version);
        String what = ref.text() + "@" + version;
        if (!facts.exists()) {
            throw new ApiException.Conflict("version-not-found", what + " is not published on the hub (or was deleted).");
        }
        if (facts.yanked()) {
            throw new ApiException.Conflict("version-yanked", what + " is yanked.");
        }
        if (!"validated".equals(facts.status())) {
            throw new ApiException.Conflict("version-not-validated", what + " is not validated (its validation status is "
                    + facts.status() + ").");
        }
        if (!facts.runtimeVerified()) {
            throw new ApiException.Conflict("version-not-runtime-verified", what + " passed only the static checks; a bounty "
                    + "needs a version whose runtime checks ran and passed.");
        }
        return facts;
    }
}
