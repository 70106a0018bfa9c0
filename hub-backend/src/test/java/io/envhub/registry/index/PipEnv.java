package io.envhub.registry.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A fresh virtual environment with pip, for installing from the index as a user would ({@code --isolated}). */
final class PipEnv implements AutoCloseable {
    final Path dir;
    final String python;

    private PipEnv(Path dir) {
        this.dir = dir;
        this.python = dir.resolve("bin/python").toString();
    }

    static PipEnv create() throws Exception {
        String base = IndexInstallTest.pythonWithPip();
        Path dir = Files.createTempDirectory("envhub-venv-");
        IndexInstallTest.Result r = IndexInstallTest.run(List.of(base, "-m", "venv", dir.toString()), Map.of());
        assertEquals(0, r.exit(), r.output());
        return new PipEnv(dir);
    }

    /** {@code pip install --isolated --no-cache-dir --index-url INDEX ARGS...}. */
    IndexInstallTest.Result install(String index, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(python, "-m", "pip", "install", "--isolated", "--no-cache-dir",
                "--disable-pip-version-check", "--index-url", index));
        cmd.addAll(List.of(args));
        return IndexInstallTest.run(cmd, Map.of());
    }

    /** Runs python code in the venv; its stdout (stripped). */
    String python(String code) throws Exception {
        IndexInstallTest.Result r = IndexInstallTest.run(List.of(python, "-c", code), Map.of());
        assertEquals(0, r.exit(), r.output());
        return r.output().strip();
    }

    @Override
    public void close() throws Exception {
        IndexInstallTest.delete(dir);
    }
}
