package io.envhub.cli.context;

/** The root command: hands every subcommand the context of the run. */
public interface ContextProvider {
    /** The context of this run. */
    CliContext context();
}
