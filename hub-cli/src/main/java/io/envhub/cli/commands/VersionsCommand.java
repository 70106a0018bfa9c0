package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
import io.envhub.cli.progress.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code envhub versions OWNER/NAME}: the published versions. */
@Command(name = "versions", mixinStandardHelpOptions = true,
        header = "List an environment's versions.",
        description = "List an environment's versions, newest first, with their status (verified, verified with N flags, "
                + "static checks only, failed, validating, error) and its reason, yanked marks, size and sha256.",
        footer = {"", "Example:", "  envhub versions alice/reverse-text"})
public final class VersionsCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "OWNER/NAME", description = "The environment")
    String reference;

    @Override
    protected int run(CliContext ctx) {
        Ref ref = Ref.parse(reference, false);
        JsonNode list = ctx.hub().get(ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions"),
                Situation.of("versions", ref.owner(), ref.name(), null));
        if (ctx.json()) {
            printJson(ctx, list);
            return ExitCodes.OK;
        }
        if (list.isEmpty()) {
            ctx.out().println(ref.coordinates() + " has no versions");
            return ExitCodes.OK;
        }
        ctx.out().printf("%-14s %-22s %-10s %-20s %s%n", "VERSION", "STATUS", "SIZE", "PUBLISHED", "SHA256");
        for (JsonNode v : list) {
            String created = v.path("createdAt").asText("");
            String label = InfoCommand.label(v);
            ctx.out().printf("%-14s %-22s %-10s %-20s %s%n", v.path("version").asText(), label == null ? "?" : label,
                    v.hasNonNull("size") ? ProgressBar.bytes(v.get("size").asLong()) : "-",
                    created.length() > 19 ? created.substring(0, 19).replace('T', ' ') : created,
                    v.path("sha256").asText("-"));
            if (v.path("yanked").asBoolean(false)) {
                ctx.out().println("    yanked" + (v.hasNonNull("yankReason") ? ": " + v.get("yankReason").asText() : ""));
            }
            if (v.hasNonNull("statusReason")) {
                ctx.out().println("    " + v.get("statusReason").asText());
            }
        }
        return ExitCodes.OK;
    }
}
