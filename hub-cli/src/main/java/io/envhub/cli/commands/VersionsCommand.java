package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
import io.envhub.cli.progress.ProgressBar;
import io.envhub.contract.api.VersionSummary;
import java.time.format.DateTimeFormatter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code envhub versions OWNER/NAME}: the published versions. */
@Command(name = "versions", mixinStandardHelpOptions = true,
        header = "List an environment's versions.",
        description = "List an environment's versions, newest first, with their status (verified, verified with N flags, "
                + "static checks only, failed, validating, error) and its reason, yanked marks, size and sha256.",
        footer = {"", "Example:", "  envhub versions alice/reverse-text"})
public final class VersionsCommand extends BaseCommand {
    /** When published, as the hub sent it (its offset), to the second. */
    private static final DateTimeFormatter PUBLISHED = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    @Parameters(index = "0", paramLabel = "OWNER/NAME", description = "The environment")
    String reference;

    @Override
    protected int run(CliContext ctx) {
        Ref ref = Ref.parse(reference, false);
        JsonNode answer = ctx.hub().get(ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions"),
                Situation.of("versions", ref.owner(), ref.name(), null));
        if (ctx.json()) {
            printJson(ctx, answer);
            return ExitCodes.OK;
        }
        List<VersionSummary> list = ctx.hub().readList(answer, VersionSummary.class);
        if (list.isEmpty()) {
            ctx.out().println(ref.coordinates() + " has no versions");
            return ExitCodes.OK;
        }
        ctx.out().printf("%-14s %-22s %-10s %-20s %s%n", "VERSION", "STATUS", "SIZE", "PUBLISHED", "SHA256");
        for (VersionSummary v : list) {
            String label = InfoCommand.label(v.verdict(), null);
            ctx.out().printf("%-14s %-22s %-10s %-20s %s%n", v.version(), label == null ? "?" : label,
                    v.size() != null ? ProgressBar.bytes(v.size()) : "-",
                    v.createdAt() == null ? "" : PUBLISHED.format(v.createdAt()),
                    v.sha256() != null ? v.sha256() : "-");
            if (v.yanked()) {
                ctx.out().println("    yanked" + (v.yankReason() != null ? ": " + v.yankReason() : ""));
            }
            String reason = v.verdict() == null ? null : v.verdict().statusReason();
            if (reason != null) {
                ctx.out().println("    " + reason);
            }
        }
        return ExitCodes.OK;
    }
}
