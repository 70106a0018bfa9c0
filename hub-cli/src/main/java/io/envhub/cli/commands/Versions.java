package io.envhub.cli.commands;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
import io.envhub.contract.api.VersionSummary;
import io.envhub.format.version.Version;
import java.util.List;

/** Finds the version a reference means: the given one, or the newest that is not yanked (final releases preferred). */
final class Versions {
    private Versions() {
    }

    /**
     * Resolves a reference to a version ({@code version}, {@code filename}, {@code sha256}, {@code size}...). A named
     * version's detail is read as a summary: the detail has every field of the summary (and more, which is ignored).
     *
     * @param ctx context
     * @param ref the reference
     * @param action command name (for messages)
     * @return the version
     */
    static VersionSummary resolve(CliContext ctx, Ref ref, String action) {
        Situation s = Situation.of(action, ref.owner(), ref.name(), ref.version());
        if (ref.version() != null) {
            return ctx.hub().read(ctx.hub().get(ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(),
                    "versions", ref.version()), s), VersionSummary.class);
        }
        List<VersionSummary> list = ctx.hub().readList(ctx.hub().get(ctx.hub().url("api", "v1", "environments",
                ref.owner(), ref.name(), "versions"), s), VersionSummary.class);
        VersionSummary best = null;
        Version bestVersion = null;
        for (boolean allowPre : new boolean[] {false, true}) {
            for (VersionSummary v : list) {
                if (v.yanked() || v.version() == null || !Version.isValid(v.version())) {
                    continue;
                }
                Version parsed = Version.parse(v.version());
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
