package io.envhub.cli.commands;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.context.ContextProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/** Common ground of every command: the context, and printing either human text or JSON. */
abstract class BaseCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The context of this run. */
    protected CliContext ctx() {
        return ((ContextProvider) spec.root().userObject()).context();
    }

    @Override
    public final Integer call() throws Exception {
        return run(ctx());
    }

    /**
     * Runs the command.
     *
     * @param ctx the context
     * @return the exit code
     * @throws Exception any failure (mapped to an exit code and one line)
     */
    protected abstract int run(CliContext ctx) throws Exception;

    /**
     * Prints a value as JSON on stdout.
     *
     * @param ctx the context
     * @param value a JSON tree, map, list or record
     */
    protected static void printJson(CliContext ctx, Object value) {
        try {
            ctx.out().println(ctx.mapper().writeValueAsString(value));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
