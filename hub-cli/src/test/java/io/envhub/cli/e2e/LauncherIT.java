package io.envhub.cli.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.RepoPaths;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code bin/envhub} runs the packaged CLI (and its AppCDS archive does not get in the way). */
class LauncherIT {
    @Test
    void launcherRunsThePackagedCli() throws Exception {
        Path launcher = RepoPaths.root().resolve("bin/envhub");
        for (int i = 0; i < 2; i++) {
            Process p = new ProcessBuilder(launcher.toString(), "--help").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.startsWith("Usage: envhub"), out);
        }
        Process bad = new ProcessBuilder(launcher.toString(), "build", "/nonexistent-dir").redirectErrorStream(true).start();
        String out = new String(bad.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bad.waitFor(60, TimeUnit.SECONDS));
        assertEquals(4, bad.exitValue(), out);
        assertEquals("envhub: /nonexistent-dir is not a directory\n", out);
    }
}
