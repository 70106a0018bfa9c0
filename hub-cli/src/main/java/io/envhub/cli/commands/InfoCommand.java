package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.Verdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code envhub info OWNER/NAME}: an environment's details. */
@Command(name = "info", mixinStandardHelpOptions = true,
        header = "Show an environment's details.",
        description = "Show an environment: summary, tags, license, visibility, latest version and its status (verified, "
                + "verified with N flags, static checks only, failed, validating, error), the newest validated version, "
                + "stars, downloads and how to install it.",
        footer = {"", "Example:", "  envhub info alice/reverse-text"})
public final class InfoCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "OWNER/NAME", description = "The environment")
    String reference;

    @Override
    protected int run(CliContext ctx) {
        Ref ref = Ref.parse(reference, false);
        JsonNode answer = ctx.hub().get(ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name()),
                Situation.of("info", ref.owner(), ref.name(), null));
        if (ctx.json()) {
            printJson(ctx, answer);
            return ExitCodes.OK;
        }
        EnvironmentDetail e = ctx.hub().read(answer, EnvironmentDetail.class);
        var o = ctx.out();
        String name = e.name() != null ? e.name() : ref.name();
        String display = e.displayName() != null ? e.displayName() : "";
        o.println((e.owner() != null ? e.owner() : ref.owner()) + "/" + name
                + (display.isBlank() || display.equals(name) ? "" : "  (" + display + ")"));
        if (e.summary() != null) {
            o.println("  " + e.summary());
        }
        String label = label(e.verdict(), null);
        o.println("  latest:     " + (e.latestVersion() != null ? e.latestVersion() : "-") + (label != null ? " (" + label + ")" : ""));
        String reason = e.verdict() == null ? null : e.verdict().statusReason();
        if (reason != null) {
            o.println("              " + reason);
        }
        EnvironmentDetail.ValidatedVersion validated = e.validated();
        if (validated != null && validated.version() != null && !validated.version().equals(e.latestVersion())) {
            String vLabel = label(validated.verdict(), null);
            o.println("  validated:  " + validated.version() + (vLabel != null ? " (" + vLabel + ")" : ""));
        }
        o.println("  visibility: " + (e.visibility() != null ? e.visibility() : "?"));
        if (e.license() != null) {
            o.println("  license:    " + e.license());
        }
        if (e.tags() != null && !e.tags().isEmpty()) {
            o.println("  tags:       " + String.join(", ", e.tags()));
        }
        o.println("  stars:      " + e.starCount() + (e.starredByMe() ? " (incl. yours)" : "")
                + "   downloads: " + e.downloadCount());
        EnvironmentDetail.Install install = e.install();
        if (install != null && install.pip() != null) {
            o.println("  install:    " + install.pip());
        }
        if (install != null && install.envhub() != null) {
            o.println("              " + install.envhub());
        }
        return ExitCodes.OK;
    }

    /**
     * The hub's status words ({@code statusLabel}), else the internal status the caller has (an older hub's).
     *
     * @param verdict the verdict read (its fields are null when the hub sent none), or null
     * @param status the internal status to fall back to, or null
     * @return the words, or null when there are none
     */
    static String label(Verdict verdict, String status) {
        String label = verdict == null ? null : verdict.statusLabel();
        if (label != null && !label.isBlank()) {
            return label;
        }
        return status == null || status.isBlank() ? null : status;
    }
}
