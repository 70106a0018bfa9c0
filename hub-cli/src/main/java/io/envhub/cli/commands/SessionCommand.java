package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub session start|reset|step|close}: drive a hosted session by hand (OpenEnv's reset/step over HTTP). */
@Command(name = "session", mixinStandardHelpOptions = true,
        header = "Try an environment without installing it: a hosted session.",
        description = "Start a hosted session of a validated version (it runs in the hub's sandbox), then reset, step and close it.",
        subcommands = {SessionCommand.Start.class, SessionCommand.Reset.class, SessionCommand.Step.class, SessionCommand.Close.class},
        footer = {"", "Example:", "  envhub session start alice/arith@0.1.0", "  envhub session reset SESSION --seed 1",
            "  envhub session step SESSION \"6\"", "  envhub session close SESSION"})
public final class SessionCommand extends BaseCommand {
    @Override
    protected int run(CliContext ctx) {
        spec.commandLine().usage(ctx.out());
        return ExitCodes.USAGE;
    }

    static String base(CliContext ctx, String session) {
        if (!session.matches("[0-9a-f]{32}")) {
            throw new CliException(ExitCodes.USAGE, "SESSION is the id `envhub session start` printed (32 hex digits)");
        }
        return ctx.hub().url("openenv", session);
    }

    static void print(CliContext ctx, JsonNode answer) {
        if (ctx.json()) {
            printJson(ctx, answer);
            return;
        }
        JsonNode obs = answer.path("observation");
        if (obs.path("messages").isArray()) {
            for (JsonNode m : obs.path("messages")) {
                ctx.out().println(m.path("role").asText("?") + ": " + m.path("content").asText(""));
            }
        }
        ctx.out().println("reward: " + (answer.path("reward").isNull() ? "-" : answer.path("reward").asText())
                + "  done: " + answer.path("done").asBoolean());
    }

    /** {@code envhub session start OWNER/NAME[@VERSION]}. */
    @Command(name = "start", mixinStandardHelpOptions = true, description = "Start a session (signed in); prints its id.")
    public static final class Start extends BaseCommand {
        @Parameters(index = "0", paramLabel = "OWNER/NAME[@VERSION]", description = "The environment (default: its latest version)")
        String reference;

        @Override
        protected int run(CliContext ctx) {
            Ref ref = Ref.parse(reference, true);
            TokenCommand.requireSignedIn(ctx);
            String version = ref.version();
            if (version == null) {
                JsonNode env = ctx.hub().get(ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name()),
                        Situation.of("info", ref.owner(), ref.name(), null));
                version = env.path("latestVersion").asText(null);
                if (version == null) {
                    throw new CliException(ExitCodes.USAGE, ref.coordinates() + " has no version to run");
                }
            }
            JsonNode s = ctx.hub().post(ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions",
                    version, "sessions"), null, Situation.of("session", ref.owner(), ref.name(), version));
            if (ctx.json()) {
                printJson(ctx, s);
            } else {
                ctx.out().println("Session " + s.path("id").asText() + " of " + ref.coordinates() + "@" + version
                        + " (expires " + s.path("expiresAt").asText() + ")");
                ctx.out().println("OpenEnv base URL: " + ctx.hub().base().replaceAll("/+$", "") + s.path("baseUrl").asText());
            }
            return ExitCodes.OK;
        }
    }

    /** {@code envhub session reset SESSION [--seed N]}. */
    @Command(name = "reset", mixinStandardHelpOptions = true, description = "Start an episode; prints the prompt.")
    public static final class Reset extends BaseCommand {
        @Parameters(index = "0", paramLabel = "SESSION", description = "The session id")
        String session;

        @Option(names = "--seed", paramLabel = "N", description = "Pick the task deterministically")
        Long seed;

        @Override
        protected int run(CliContext ctx) {
            Map<String, Object> body = new LinkedHashMap<>();
            if (seed != null) {
                body.put("seed", seed);
            }
            print(ctx, ctx.hub().post(base(ctx, session) + "/reset", body, Situation.NONE));
            return ExitCodes.OK;
        }
    }

    /** {@code envhub session step SESSION MESSAGE}. */
    @Command(name = "step", mixinStandardHelpOptions = true, description = "Send a reply; prints the environment's answer and reward.")
    public static final class Step extends BaseCommand {
        @Parameters(index = "0", paramLabel = "SESSION", description = "The session id")
        String session;

        @Parameters(index = "1", paramLabel = "MESSAGE", description = "The reply text")
        String message;

        @Override
        protected int run(CliContext ctx) {
            print(ctx, ctx.hub().post(base(ctx, session) + "/step", Map.of("action", Map.of("message", message)), Situation.NONE));
            return ExitCodes.OK;
        }
    }

    /** {@code envhub session close SESSION}. */
    @Command(name = "close", mixinStandardHelpOptions = true, description = "Close a session (frees your slot).")
    public static final class Close extends BaseCommand {
        @Parameters(index = "0", paramLabel = "SESSION", description = "The session id")
        String session;

        @Override
        protected int run(CliContext ctx) {
            ctx.hub().delete(base(ctx, session), Situation.NONE);
            ctx.out().println("Closed session " + session);
            return ExitCodes.OK;
        }
    }
}
