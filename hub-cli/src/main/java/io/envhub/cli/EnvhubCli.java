package io.envhub.cli;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.context.ContextProvider;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.commands.BountyCommand;
import io.envhub.cli.commands.BuildCommand;
import io.envhub.cli.commands.EvalCommand;
import io.envhub.cli.commands.SessionCommand;
import io.envhub.cli.commands.InfoCommand;
import io.envhub.cli.commands.InitCommand;
import io.envhub.cli.commands.InstallCommand;
import io.envhub.cli.commands.LoginCommand;
import io.envhub.cli.commands.LogoutCommand;
import io.envhub.cli.commands.PullCommand;
import io.envhub.cli.commands.PushCommand;
import io.envhub.cli.commands.SearchCommand;
import io.envhub.cli.commands.TokenCommand;
import io.envhub.cli.commands.VersionsCommand;
import io.envhub.cli.commands.WhoamiCommand;
import io.envhub.cli.commands.YankCommand;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code envhub} command: publish and fetch RL environments from an EnvHub. */
@Command(name = "envhub", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Publish and fetch reinforcement-learning environments from an EnvHub.",
        subcommands = {LoginCommand.class, LogoutCommand.class, WhoamiCommand.class, InitCommand.class, BuildCommand.class,
            PushCommand.class, PullCommand.class, InstallCommand.class, SearchCommand.class, InfoCommand.class,
            VersionsCommand.class, YankCommand.class, TokenCommand.class, BountyCommand.class, EvalCommand.class,
            SessionCommand.class},
        footer = {"", "Example:", "  envhub init reverse-text && cd reverse-text && envhub push",
            "", "Environment: ENVHUB_URL, ENVHUB_BOUNTY_URL, ENVHUB_TOKEN, ENVHUB_KEYCLOAK_URL, ENVHUB_CONFIG_DIR, XDG_CONFIG_HOME,",
            "  ENVHUB_DEBUG"})
public final class EnvhubCli implements Runnable, ContextProvider {
    private final CliContext ctx;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * Creates the root command over a context.
     *
     * @param ctx streams, environment and options
     */
    public EnvhubCli(CliContext ctx) {
        this.ctx = ctx;
    }

    /** The context of this run. */
    @Override
    public CliContext context() {
        return ctx;
    }

    @Option(names = "--hub-url", scope = ScopeType.INHERIT, paramLabel = "URL",
            description = "Hub base URL (env ENVHUB_URL; default: the hub of your last login, else " + CliContext.DEFAULT_HUB_URL + ")")
    void hubUrl(String value) {
        ctx.hubUrlOption(value);
    }

    @Option(names = "--keycloak-url", scope = ScopeType.INHERIT, paramLabel = "URL",
            description = "Keycloak base URL for login (env ENVHUB_KEYCLOAK_URL; default: stored at login, else "
                    + CliContext.DEFAULT_KEYCLOAK_URL + ")")
    void keycloakUrl(String value) {
        ctx.keycloakUrlOption(value);
    }

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "Print JSON on stdout for scripts (notes go to stderr)")
    void json(boolean value) {
        ctx.json(value);
    }

    @Override
    public void run() {
        spec.commandLine().usage(ctx.out());
    }

    /**
     * Runs the command line in this process.
     *
     * @param args arguments
     * @return the exit code
     */
    public static int execute(String... args) {
        return execute(CliContext.system(), args);
    }

    /**
     * Runs the command line over a context.
     *
     * @param ctx streams and environment
     * @param args arguments
     * @return the exit code
     */
    public static int execute(CliContext ctx, String... args) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        CommandLine cl = new CommandLine(new EnvhubCli(ctx), new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == VersionInfo.class ? type.cast(new VersionInfo(ctx)) : defaults.create(type);
            }
        });
        cl.setOut(new PrintWriter(ctx.out(), true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(ctx.err(), true, StandardCharsets.UTF_8));
        addExitCodes(cl);
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> Errors.report(ctx, ex));
        cl.setParameterExceptionHandler((ex, arguments) -> {
            ctx.err().println("envhub: " + ex.getMessage());
            ctx.err().println("Run `" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help` for usage and an example.");
            return ExitCodes.USAGE;
        });
        int code = cl.execute(args);
        ctx.out().flush();
        ctx.err().flush();
        return code;
    }

    private static void addExitCodes(CommandLine cl) {
        cl.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCodes.helpTable());
        for (CommandLine sub : cl.getSubcommands().values()) {
            addExitCodes(sub);
        }
    }

    /**
     * The program.
     *
     * @param args arguments
     */
    public static void main(String[] args) {
        System.exit(execute(args));
    }
}
