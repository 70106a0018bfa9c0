package io.envhub.cli;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.CliException;
import io.envhub.cli.build.BuildException;
import io.envhub.cli.http.ApiProblem;
import io.envhub.cli.http.ProblemMessages;
import io.envhub.format.FormatException;
import io.envhub.format.pyproject.PyProjectException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Turns any failure of a command into one line on stderr (and an {@code error} object under {@code --json}) and an exit code. */
final class Errors {
    private Errors() {
    }

    /**
     * A failure as exit code and message.
     *
     * @param exitCode exit code
     * @param message one line without prefix
     * @param problem the hub's problem, or null
     */
    record Outcome(int exitCode, String message, ApiProblem problem) {
    }

    static Outcome classify(Throwable ex) {
        if (ex instanceof CliException c) {
            return new Outcome(c.exitCode(), c.getMessage(), null);
        }
        if (ex instanceof ApiProblem p) {
            return new Outcome(ProblemMessages.exitCode(p), p.readable(), p);
        }
        if (ex instanceof BuildException b) {
            return new Outcome(ExitCodes.LOCAL, b.getMessage(), null);
        }
        if (ex instanceof PyProjectException p) {
            return new Outcome(ExitCodes.LOCAL, "pyproject.toml: " + p.getMessage(), null);
        }
        if (ex instanceof FormatException f) {
            return new Outcome(ExitCodes.LOCAL, f.getMessage(), null);
        }
        if (ex instanceof UncheckedIOException || ex instanceof IOException) {
            return new Outcome(ExitCodes.LOCAL, ex.getMessage(), null);
        }
        return new Outcome(ExitCodes.LOCAL, "unexpected error: " + ex + " (set ENVHUB_DEBUG=1 for details)", null);
    }

    static int report(CliContext ctx, Exception ex) {
        Outcome o = classify(ex);
        String line = o.message() == null ? ex.getClass().getSimpleName() : o.message().replaceAll("\\s*\\R\\s*", " ");
        ctx.err().println("envhub: " + line);
        if (ctx.debug()) {
            ex.printStackTrace(ctx.err());
        }
        if (ctx.json()) {
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("exitCode", o.exitCode());
            error.put("message", line);
            if (o.problem() != null) {
                error.put("status", o.problem().status());
                error.put("type", o.problem().code());
                error.put("detail", o.problem().detail());
            }
            try {
                ctx.out().println(ctx.mapper().writeValueAsString(Map.of("error", error)));
            } catch (IOException e) {
                ctx.err().println("envhub: cannot write JSON: " + e.getMessage());
            }
        }
        return o.exitCode();
    }
}
