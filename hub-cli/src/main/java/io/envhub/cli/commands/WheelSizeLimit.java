package io.envhub.cli.commands;

import io.envhub.cli.build.BuildResult;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.http.Situation;
import io.envhub.cli.progress.ProgressBar;
import io.envhub.contract.UploadLimits;

/**
 * The hub's one wheel size limit (ENVHUB_MAX_UPLOAD_BYTES, issue 36 item 2), checked before anything is uploaded:
 * {@code envhub build} against the default (or {@code --max-bytes}), {@code envhub push} against the figure the hub
 * publishes in {@code GET /api/v1/version}.
 */
final class WheelSizeLimit {
    private WheelSizeLimit() {
    }

    /** The hub's limit, or the default when the hub predates the field. */
    static long ofHub(CliContext ctx, Situation situation) {
        var answer = ctx.hub().get(ctx.hub().url("api", "v1", "version"), situation);
        long limit = answer.path("maxUploadBytes").asLong(0);
        return limit > 0 ? limit : UploadLimits.DEFAULT_MAX_WHEEL_BYTES;
    }

    /** Refuses (exit 4, one line) a wheel over {@code limit} bytes; {@code whose} names the limit ("the hub's"). */
    static void require(BuildResult built, long limit, String whose, String after) {
        if (built.size() > limit) {
            throw new CliException(ExitCodes.LOCAL, "the wheel " + built.filename() + " is " + ProgressBar.bytes(built.size())
                    + " (" + built.size() + " bytes), over " + whose + " limit of " + ProgressBar.bytes(limit) + " (" + limit
                    + " bytes, ENVHUB_MAX_UPLOAD_BYTES)" + after + " — leave large data out of the package (read datasets"
                    + " at run time)");
        }
    }
}
