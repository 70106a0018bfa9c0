package io.envhub.validator.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the development fallback keeps the sandbox promises without isolation: sandbox paths become host paths and
 * each run's job directory is a host directory removed afterwards (the promises: {@link InsecureDevSandboxTest}).
 */
class InsecureDevPathsTest {

    @TempDir
    Path dir;

    @Test
    void sandboxPathsAreRewrittenToHostPaths() {
        Map<String, Path> paths = new LinkedHashMap<>();
        paths.put("/venv", Path.of("/host/job/venv"));
        paths.put("/job", Path.of("/host/scratch"));
        assertEquals("/host/job/venv/bin/python", InsecureDevSandbox.rewrite("/venv/bin/python", paths));
        assertEquals("/host/scratch", InsecureDevSandbox.rewrite("/job", paths));
        assertEquals("/venvx", InsecureDevSandbox.rewrite("/venvx", paths));
        assertEquals("run", InsecureDevSandbox.rewrite("run", paths));
    }

    @Test
    void theJobDirectoryIsAHostDirectoryRemovedAfterTheRun() throws Exception {
        InsecureDevSandbox s = new InsecureDevSandbox(dir.resolve("scratch"), "test");
        SandboxResult r = s.run(SandboxSpec.of(SandboxLimits.DEFAULTS.withTime(10, 20), List.of(),
                "/usr/bin/python3", "-c", "import os; print(os.getcwd())"));
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(dir.resolve("scratch"), Path.of(r.stdout().strip()).getParent());
        try (var left = Files.list(dir.resolve("scratch"))) {
            assertEquals(0, left.count());
        }
    }
}
