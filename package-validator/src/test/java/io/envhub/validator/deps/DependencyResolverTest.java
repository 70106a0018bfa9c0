package io.envhub.validator.deps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Only requirements by name reach pip: a Requires-Dist line cannot smuggle in an option, an index or an sdist URL. */
class DependencyResolverTest {

    @Test
    void plainRequirementsPassOptionsAndDirectReferencesDoNot() {
        for (String ok : List.of("verifiers", "verifiers>=0.1.5", "datasets[audio]>=2; python_version >= \"3.9\"",
                "Tiny_Dep (>=1.0)", "numpy ; extra == \"fast\"")) {
            assertTrue(DependencyResolver.byName(ok), ok);
        }
        for (String bad : List.of("--extra-index-url http://evil.example/simple/", "-e git+https://evil.example/x.git",
                "-r /etc/passwd", "tiny-dep @ https://evil.example/tiny_dep-1.0.tar.gz", "./local/path", "x @ file:///tmp/x",
                "pkg/../../etc", "a\n--index-url http://evil", "tiny-dep --global-option=--evil", "")) {
            assertFalse(DependencyResolver.byName(bad), bad);
        }
    }

    @Test
    void aRefusedRequirementIsNamedAndPipNeverRuns() throws Exception {
        Path dir = Files.createTempDirectory("envhub-resolver-");
        // an index nobody answers: resolution must not even try it
        DependencyResolver resolver = new DependencyResolver(new DependencySettings("http://127.0.0.1:9/simple/{owner}/",
                dir.resolve("cache"), 1 << 20, 5, "/nonexistent/python"));
        Resolution r = resolver.resolve(List.of("tiny-dep", "evil @ https://evil.example/evil-1.0.tar.gz"), "alice",
                Files.createDirectories(dir.resolve("deps")), Files.createDirectories(dir.resolve("work")));
        assertFalse(r.resolved());
        assertEquals("dependencies cannot be resolved: only requirements by name are resolved, not"
                + " evil @ https://evil.example/evil-1.0.tar.gz", r.reason());
    }
}
