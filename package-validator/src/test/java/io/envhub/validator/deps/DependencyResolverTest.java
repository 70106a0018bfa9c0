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

    /**
     * The owner's index redirects to an upstream host that refuses connections (as the hub falls back to PyPI): the
     * reason names that host and says to retry later, not that the package has no wheel.
     */
    @Test
    void anUnreachableUpstreamIsNamedNotReportedAsAMissingWheel() throws Exception {
        Path dir = Files.createTempDirectory("envhub-resolver-");
        com.sun.net.httpserver.HttpServer hub = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        hub.createContext("/", ex -> {
            ex.getResponseHeaders().add("Location", "http://127.0.0.1:9" + ex.getRequestURI().getPath());
            ex.sendResponseHeaders(302, -1);
            ex.close();
        });
        hub.start();
        try {
            DependencyResolver resolver = new DependencyResolver(new DependencySettings("http://127.0.0.1:"
                    + hub.getAddress().getPort() + "/simple/{owner}/", dir.resolve("cache"), 1 << 20, 120, "python3"));
            Resolution r = resolver.resolve(List.of("verifiers>=0.1.5"), "alice",
                    Files.createDirectories(dir.resolve("deps")), Files.createDirectories(dir.resolve("work")));
            assertFalse(r.resolved());
            assertTrue(r.missing().isEmpty(), r.reason());
            assertTrue(r.reason().contains("host 127.0.0.1:9 could not be reached"), r.reason());
            assertTrue(r.reason().endsWith("retry later"), r.reason());
            assertFalse(r.reason().contains("not available"), r.reason());
        } finally {
            hub.stop(0);
        }
    }

    @Test
    void aMissingProjectIsNotAnUnreachableHost() {
        String log = "Could not fetch URL http://hub:8080/simple/alice/nope/: 404 Client Error: Not Found for url:"
                + " http://hub:8080/simple/alice/nope/ - skipping\nERROR: No matching distribution found for nope\n";
        assertEquals(null, DependencyResolver.unreachable(log));
        String down = "Could not fetch URL http://hub:8080/simple/alice/x/: 503 Server Error: Service Unavailable for url:"
                + " https://pypi.org/simple/x/ - skipping\n";
        assertEquals("the package index host pypi.org could not be reached (503 Server Error); this is not a fault of the"
                + " package, retry later", DependencyResolver.unreachable(down));
    }
}
