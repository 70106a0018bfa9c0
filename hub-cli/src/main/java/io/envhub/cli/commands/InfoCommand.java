package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
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
        JsonNode e = ctx.hub().get(ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name()),
                Situation.of("info", ref.owner(), ref.name(), null));
        if (ctx.json()) {
            printJson(ctx, e);
            return ExitCodes.OK;
        }
        var o = ctx.out();
        String display = e.path("displayName").asText("");
        o.println(e.path("owner").asText(ref.owner()) + "/" + e.path("name").asText(ref.name())
                + (display.isBlank() || display.equals(e.path("name").asText(ref.name())) ? "" : "  (" + display + ")"));
        if (e.hasNonNull("summary")) {
            o.println("  " + e.get("summary").asText());
        }
        String label = label(e);
        o.println("  latest:     " + e.path("latestVersion").asText("-") + (label != null ? " (" + label + ")" : ""));
        if (e.hasNonNull("statusReason")) {
            o.println("              " + e.get("statusReason").asText());
        }
        JsonNode validated = e.path("validated");
        if (validated.hasNonNull("version") && !validated.path("version").asText().equals(e.path("latestVersion").asText())) {
            String vLabel = label(validated);
            o.println("  validated:  " + validated.get("version").asText() + (vLabel != null ? " (" + vLabel + ")" : ""));
        }
        o.println("  visibility: " + e.path("visibility").asText("?"));
        if (e.hasNonNull("license")) {
            o.println("  license:    " + e.get("license").asText());
        }
        if (e.path("tags").size() > 0) {
            o.println("  tags:       " + WhoamiCommand.join(e.path("tags")));
        }
        o.println("  stars:      " + e.path("starCount").asInt() + (e.path("starredByMe").asBoolean(false) ? " (incl. yours)" : "")
                + "   downloads: " + e.path("downloadCount").asLong());
        if (e.path("install").hasNonNull("pip")) {
            o.println("  install:    " + e.path("install").get("pip").asText());
        }
        if (e.path("install").hasNonNull("envhub")) {
            o.println("              " + e.path("install").get("envhub").asText());
        }
        return ExitCodes.OK;
    }

    /** The hub's status words ({@code statusLabel}), else an older hub's {@code latestStatus} or {@code status}. */
    static String label(JsonNode n) {
        for (String field : new String[] {"statusLabel", "latestStatus", "status"}) {
            if (n.hasNonNull(field) && !n.get(field).asText().isBlank()) {
                return n.get(field).asText();
            }
        }
        return null;
    }
}
