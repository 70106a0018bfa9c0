package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub yank OWNER/NAME@VERSION --reason ...}: hide a version from resolution (or undo it). */
@Command(name = "yank", mixinStandardHelpOptions = true,
        header = "Yank (or unyank) a version.",
        description = "Yank a version: pip and `envhub pull` skip it unless it is named exactly; nothing is deleted. "
                + "--undo reverses it.",
        footer = {"", "Examples:", "  envhub yank alice/reverse-text@0.1.3 --reason \"reward function accepted empty answers\"",
            "  envhub yank alice/reverse-text@0.1.3 --undo"})
public final class YankCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "OWNER/NAME@VERSION", description = "The version")
    String reference;

    @Option(names = "--reason", paramLabel = "TEXT", description = "Why (users see it); required unless --undo")
    String reason;

    @Option(names = "--undo", description = "Unyank the version")
    boolean undo;

    @Override
    protected int run(CliContext ctx) {
        Ref ref = Ref.parse(reference, true);
        if (ref.version() == null) {
            throw new CliException(ExitCodes.USAGE, "name the version: " + ref.coordinates() + "@VERSION");
        }
        if (!undo && (reason == null || reason.isBlank())) {
            throw new CliException(ExitCodes.USAGE, "say why with --reason \"...\" (users see it)");
        }
        String action = undo ? "unyank" : "yank";
        String url = ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions", ref.version(), action);
        Situation s = Situation.of(action, ref.owner(), ref.name(), ref.version());
        JsonNode state = undo ? ctx.hub().post(url, null, s) : ctx.hub().post(url, Map.of("reason", reason), s);
        if (ctx.json()) {
            printJson(ctx, state);
        } else {
            ctx.out().println((undo ? "Unyanked " : "Yanked ") + ref.coordinates() + " " + state.path("version").asText(ref.version())
                    + (state.hasNonNull("latestVersion") ? " (latest is now " + state.get("latestVersion").asText() + ")" : ""));
        }
        return ExitCodes.OK;
    }
}
