package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.http.Situation;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code envhub whoami}: who the hub thinks you are ({@code GET /api/v1/me}). */
@Command(name = "whoami", mixinStandardHelpOptions = true,
        header = "Show who the hub thinks you are.",
        description = "Show who the hub thinks you are: user name, roles, organisations and how you signed in.",
        footer = {"", "Example:", "  envhub whoami --json"})
public final class WhoamiCommand extends BaseCommand {
    @Override
    protected int run(CliContext ctx) {
        if (!ctx.session().signedIn()) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "not signed in to " + ctx.hubUrl()
                    + " — run `envhub login` (or set ENVHUB_TOKEN)");
        }
        JsonNode me = ctx.hub().get(ctx.hub().url("api", "v1", "me"), Situation.of("whoami", null, null, null));
        if (ctx.json()) {
            printJson(ctx, me);
            return ExitCodes.OK;
        }
        String name = me.path("username").asText();
        String display = me.path("displayName").asText("");
        ctx.out().println(name + (display.isBlank() || display.equals(name) ? "" : " (" + display + ")") + " on " + ctx.hubUrl());
        List<String> orgs = new ArrayList<>();
        for (JsonNode o : me.path("organisations")) {
            String org = o.path("name").asText(o.path("org").asText(o.path("organisation").asText("")));
            String role = o.path("role").asText("");
            orgs.add(role.isBlank() ? org : org + " (" + role + ")");
        }
        ctx.out().println("  signed in with: " + me.path("authentication").asText("?")
                + (me.path("scopes").size() > 0 ? " (scopes: " + join(me.path("scopes")) + ")" : ""));
        if (me.path("roles").size() > 0) {
            ctx.out().println("  roles: " + join(me.path("roles")));
        }
        if (!orgs.isEmpty()) {
            ctx.out().println("  organisations: " + String.join(", ", orgs));
        }
        return ExitCodes.OK;
    }

    static String join(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return String.join(", ", out);
    }
}
