package io.envhub.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code envhub} command: publish and fetch RL environments from an EnvHub. */
@Command(name = "envhub", mixinStandardHelpOptions = true, version = "envhub 0.1.0",
        description = "Publish and fetch reinforcement-learning environments from an EnvHub.",
        footer = {"", "Example:", "  envhub --version"})
public final class EnvhubCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** Runs the command line and returns its exit code. */
    public static int execute(String... args) {
        return new CommandLine(new EnvhubCli()).execute(args);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }
}
