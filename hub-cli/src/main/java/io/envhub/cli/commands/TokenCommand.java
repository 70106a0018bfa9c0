package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.http.HubClient;
import io.envhub.cli.http.Situation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub token create|list|revoke}: personal access tokens (for CI and pip). */
@Command(name = "token", mixinStandardHelpOptions = true,
        header = "Create, list and revoke personal access tokens.",
        description = "Manage your personal access tokens (for CI and for pip with private environments).",
        subcommands = {TokenCommand.Create.class, TokenCommand.ListTokens.class, TokenCommand.Revoke.class},
        footer = {"", "Example:", "  envhub token create --name ci --scope publish --expires-in-days 90"})
public final class TokenCommand extends BaseCommand {
    @Override
    protected int run(CliContext ctx) {
        spec.commandLine().usage(ctx.out());
        return ExitCodes.USAGE;
    }

    /** {@code envhub token create}. */
    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Create a token; its secret is shown once. Needs a device login (`envhub login`), not a token.",
            footer = {"", "Examples:", "  envhub token create --name ci --scope publish",
                "  envhub token create --name pip --scope read --expires-in-days 30 --json"})
    public static final class Create extends BaseCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "A name to recognise it by")
        String name;

        @Option(names = "--scope", required = true, paramLabel = "read|publish", split = ",",
                description = "What it may do (repeatable or comma-separated): read, publish")
        List<String> scopes;

        @Option(names = "--expires-in-days", paramLabel = "DAYS", description = "Expiry in days (default: the hub's)")
        Integer expiresInDays;

        @Override
        protected int run(CliContext ctx) {
            for (String s : scopes) {
                if (!s.equals("read") && !s.equals("publish")) {
                    throw new CliException(ExitCodes.USAGE, "--scope must be read or publish, not '" + s + "'");
                }
            }
            requireSignedIn(ctx);
            if (!ctx.session().fromEnvironment() && ctx.session().stored().map(c -> !c.isKeycloak()).orElse(false)) {
                throw new CliException(ExitCodes.NETWORK_OR_AUTH,
                        "creating tokens needs a device login, not a personal access token — run `envhub login`");
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("name", name);
            body.put("scopes", scopes);
            if (expiresInDays != null) {
                body.put("expiresInDays", expiresInDays);
            }
            JsonNode t = ctx.hub().post(ctx.hub().url("api", "v1", "tokens"), body, Situation.of("token", null, null, null));
            if (ctx.json()) {
                printJson(ctx, t);
            } else {
                ctx.out().println("Created token " + t.path("id").asText() + " '" + t.path("name").asText() + "' (scopes: "
                        + WhoamiCommand.join(t.path("scopes"))
                        + (t.hasNonNull("expiresAt") ? ", expires " + t.get("expiresAt").asText() : "")
                        + "). Copy it now; it is not shown again:");
                ctx.out().println();
                ctx.out().println("  " + t.path("token").asText());
                ctx.out().println();
                ctx.out().println("Use it with ENVHUB_TOKEN=... or `envhub login --token`.");
            }
            return ExitCodes.OK;
        }
    }

    /** {@code envhub token list}. */
    @Command(name = "list", mixinStandardHelpOptions = true, description = "List your tokens (never their secrets).",
            footer = {"", "Example:", "  envhub token list"})
    public static final class ListTokens extends BaseCommand {
        @Override
        protected int run(CliContext ctx) {
            requireSignedIn(ctx);
            JsonNode list = ctx.hub().get(ctx.hub().url("api", "v1", "tokens"), Situation.of("token", null, null, null));
            if (ctx.json()) {
                printJson(ctx, list);
                return ExitCodes.OK;
            }
            if (list.isEmpty()) {
                ctx.out().println("No tokens. Create one with `envhub token create --name NAME --scope publish`.");
                return ExitCodes.OK;
            }
            ctx.out().printf("%-6s %-20s %-16s %-14s %s%n", "ID", "NAME", "PREFIX", "SCOPES", "STATE");
            for (JsonNode t : list) {
                List<String> state = new ArrayList<>();
                if (t.hasNonNull("revokedAt")) {
                    state.add("revoked " + day(t.get("revokedAt")));
                } else if (t.hasNonNull("expiresAt")) {
                    state.add("expires " + day(t.get("expiresAt")));
                }
                state.add(t.hasNonNull("lastUsedAt") ? "last used " + day(t.get("lastUsedAt")) : "never used");
                ctx.out().printf("%-6s %-20s %-16s %-14s %s%n", t.path("id").asText(), t.path("name").asText(),
                        t.path("tokenPrefix").asText(), WhoamiCommand.join(t.path("scopes")), String.join(", ", state));
            }
            return ExitCodes.OK;
        }

        private static String day(JsonNode n) {
            String s = n.asText();
            return s.length() >= 10 ? s.substring(0, 10) : s;
        }
    }

    /** {@code envhub token revoke ID}. */
    @Command(name = "revoke", mixinStandardHelpOptions = true, description = "Revoke one of your tokens at once.",
            footer = {"", "Example:", "  envhub token revoke 12"})
    public static final class Revoke extends BaseCommand {
        @Parameters(index = "0", paramLabel = "ID", description = "The token's id (see `envhub token list`)")
        long id;

        @Override
        protected int run(CliContext ctx) {
            requireSignedIn(ctx);
            HubClient hub = ctx.hub();
            hub.delete(hub.url("api", "v1", "tokens", Long.toString(id)), Situation.of("token", null, null, null));
            if (ctx.json()) {
                printJson(ctx, Map.of("id", id, "revoked", true));
            } else {
                ctx.out().println("Revoked token " + id);
            }
            return ExitCodes.OK;
        }
    }

    static void requireSignedIn(CliContext ctx) {
        if (!ctx.session().signedIn()) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "not signed in to " + ctx.hubUrl() + " — run `envhub login`");
        }
    }
}
