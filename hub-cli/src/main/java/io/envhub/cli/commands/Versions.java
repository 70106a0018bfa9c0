package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
import io.envhub.format.version.Version;

/** Finds the version a reference means: the given one, or the newest that is not yanked (final releases preferred). */
final class Versions {
    private Versions() {
    }

    /**
     * Resolves a reference to a version document ({@code version}, {@code filename}, {@code sha256}, {@code size}...).
     *
     * @param ctx context
     * @param ref the reference
     * @param action command name (for messages)
     * @return the version document
     */
    static JsonNode resolve(CliContext ctx, Ref ref, String action) {
        Situation s = Situation.of(action, ref.owner(), ref.name(), ref.version());
        if (ref.version() != null) {
            return ctx.hub().get(ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions", ref.version()), s);
        }
        JsonNode list = ctx.hub().get(ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions"), s);
        JsonNode best = null;
        Version bestVersion = null;
        for (boolean allowPre : new boolean[] {false, true}) {
            for (JsonNode v : list) {
                if (v.path("yanked").asBoolean(false) || !Version.isValid(v.path("version").asText(""))) {
                    continue;
                }
                Version parsed = Version.parse(v.path("version").asText());
                if (!allowPre && (parsed.isPrerelease() || parsed.isDevRelease())) {
                    continue;
                }
                if (bestVersion == null || parsed.compareTo(bestVersion) > 0) {
                    best = v;
                    bestVersion = parsed;
                }
            }
            if (best != null) {
                break;
            }
        }
        if (best == null) {
            throw new CliException(ExitCodes.REFUSED, ref.coordinates() + " has no version to download (none published, or all "
                    + "yanked) — name one with " + ref.coordinates() + "@VERSION");
        }
        return best;
    }
}
