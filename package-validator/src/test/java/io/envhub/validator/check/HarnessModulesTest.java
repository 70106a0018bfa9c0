package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.validator.sandbox.BubblewrapAssumption;
import io.envhub.validator.sandbox.BubblewrapSandbox;
import io.envhub.validator.sandbox.Mount;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The harness is several Python modules: every one of them is a resource, is listed in {@link Harness#MODULES}, and is
 * needed by every run in the real sandbox (main.py imports them all first), so a module that does not reach the
 * sandbox fails every harness run instead of one mode.
 */
class HarnessModulesTest extends SandboxedEngineTest {

    private static final String SOURCE = "def load_environment():\n    return None\n";

    @Test
    void everyPythonFileOfTheHarnessResourcesIsListed() throws Exception {
        URL dir = Harness.class.getResource("harness/");
        assertNotNull(dir, "harness/ is missing from the validator's resources");
        Set<String> onClasspath;
        try (Stream<Path> files = Files.list(Path.of(dir.toURI()))) {
            onClasspath = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".py"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(onClasspath, new TreeSet<>(Harness.MODULES));
        assertEquals(Set.copyOf(Harness.MODULES), Harness.modules().keySet());
    }

    @Test
    void aRunInTheSandboxReadsEveryModuleAndFailsWithoutAnyOfThem() throws Exception {
        BubblewrapSandbox sandbox = new BubblewrapSandbox();
        try (JobDir job = newJob()) {
            Harness.Run run = ast(sandbox, job);
            assertNotNull(run.result(), () -> "no result with every module bound: " + run.sandbox());
            assertTrue(run.result().path("defined").asBoolean(), run.result()::toString);
        }
        for (String module : Harness.MODULES) {
            try (JobDir job = newJob()) {
                Files.delete(job.harness().resolve(module));
                Harness.Run run = ast(sandbox, job);
                assertNull(run.result(), () -> "a run without " + module + " still reported " + run.result());
                String name = module.equals("main.py") ? module : module.substring(0, module.length() - 3);
                assertTrue(run.sandbox().stderr().contains(name),
                        () -> "stderr does not name the missing " + module + ": " + run.sandbox().stderr());
            }
        }
    }

    private static JobDir newJob() {
        return JobDir.create(fx.work, BubblewrapAssumption.UID, JobDir.runningAsRoot());
    }

    private static Harness.Run ast(BubblewrapSandbox sandbox, JobDir job) {
        job.putSource("m.py", SOURCE.getBytes(StandardCharsets.UTF_8));
        return Harness.run(sandbox, EngineFixture.LIMITS, job, EngineSettings.PYTHON,
                List.of(Mount.readOnly(job.srcDir(), "/src")), new byte[0], "ast", "/src/m.py");
    }
}
