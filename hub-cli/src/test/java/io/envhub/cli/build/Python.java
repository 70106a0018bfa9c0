package io.envhub.cli.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs python3 for tests: pip install of a wheel into a target directory, and small scripts. */
public final class Python {
    private Python() {
    }

    /**
     * The outcome of a process.
     *
     * @param exitCode exit code
     * @param output stdout and stderr
     */
    public record Out(int exitCode, String output) {
    }

    /** Whether python3 with pip is available. */
    public static boolean available() {
        try {
            return run(null, List.of("python3", "-m", "pip", "--version")).exitCode() == 0;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /** {@code python3 -m pip install --isolated --no-index --no-deps --target T WHEEL} with PIP_CONFIG_FILE=/dev/null. */
    public static Out pipInstall(Path wheel, Path target) {
        return run(null, List.of("python3", "-m", "pip", "install", "--isolated", "--no-index", "--no-deps",
                "--disable-pip-version-check", "--target", target.toString(), wheel.toString()));
    }

    /** Runs a script with {@code pythonPath} on PYTHONPATH, from a neutral directory. */
    public static Out script(Path pythonPath, String code) {
        return run(pythonPath, List.of("python3", "-I", "-c", "import sys; sys.path.insert(0, sys.argv[1])\n" + code,
                pythonPath.toString()));
    }

    static Out run(Path pythonPath, List<String> cmd) {
        try {
            ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).redirectErrorStream(true)
                    .directory(Path.of(System.getProperty("java.io.tmpdir")).toFile());
            pb.environment().put("PIP_CONFIG_FILE", "/dev/null");
            pb.environment().remove("PYTHONPATH");
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("timed out: " + cmd);
            }
            return new Out(p.exitValue(), out);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + cmd + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
