package io.envhub.cli;

import io.envhub.cli.context.CliContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** Runs the CLI in this JVM with its own environment, stdin and captured output. */
public final class CliRun {
    private final Map<String, String> env = new HashMap<>();
    private String stdin = "";

    /** A run with PATH and HOME from this process and nothing else. */
    public static CliRun with() {
        CliRun r = new CliRun();
        r.env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        r.env.put("HOME", System.getProperty("user.home"));
        return r;
    }

    /** Sets an environment variable. */
    public CliRun env(String key, String value) {
        env.put(key, value);
        return this;
    }

    /** Sets standard input. */
    public CliRun stdin(String text) {
        this.stdin = text;
        return this;
    }

    /** Runs the arguments. */
    public Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), false);
        int code = EnvhubCli.execute(ctx, args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * What a run did.
     *
     * @param exitCode exit code
     * @param out stdout
     * @param err stderr
     */
    public record Result(int exitCode, String out, String err) {
        /** The single {@code envhub: ...} line of stderr (the last one when there are several). */
        public String errorLine() {
            String line = null;
            for (String l : err.split("\n")) {
                if (l.startsWith("envhub: ") && !l.startsWith("envhub: warning") && !l.startsWith("envhub: note")) {
                    line = l;
                }
            }
            return line;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
