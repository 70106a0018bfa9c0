package io.envhub.validator.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The development fallback maps sandbox paths to host paths; the refusing sandbox runs nothing. */
class InsecureDevSandboxTest {

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
    void runsOnTheHostWithTheJobDirectory() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(data.resolve("f.txt"), "hi");
        InsecureDevSandbox s = new InsecureDevSandbox(dir.resolve("scratch"), "test");
        SandboxResult r = s.run(SandboxSpec.of(SandboxLimits.DEFAULTS.withTime(10, 20), List.of(Mount.readOnly(data, "/data")),
                "/usr/bin/python3", "-c", "import os, sys; print(open(sys.argv[1]).read(), os.getcwd() == os.environ['HOME'])",
                "/data/f.txt"));
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("hi True", r.stdout().strip());
        try (var left = Files.list(dir.resolve("scratch"))) {
            assertEquals(0, left.count());
        }
    }

    @Test
    void refusingSandboxRunsNothing() {
        Sandbox s = new SandboxGate.RefusingSandbox("sandbox unavailable: bwrap not found");
        SandboxUnavailableException e = assertThrows(SandboxUnavailableException.class,
                () -> s.run(SandboxSpec.of(SandboxLimits.DEFAULTS, List.of(), "/usr/bin/true")));
        assertEquals("sandbox unavailable: bwrap not found", e.getMessage());
    }
}
