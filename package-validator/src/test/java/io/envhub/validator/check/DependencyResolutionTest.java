package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.ValidationReport;
import io.envhub.format.hash.Sha256;
import io.envhub.testsupport.UpstreamIndex;
import io.envhub.validator.deps.DependencyResolver;
import io.envhub.validator.deps.DependencySettings;
import io.envhub.validator.sandbox.BubblewrapSandbox;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Dependencies are resolved through an index (a local PEP 503 fixture standing in for the owner's index and its
 * upstream), wheels only, into the shared cache, and installed offline in the sandbox; what cannot be resolved is
 * named in a "static checks only" report, as is a load_environment() that needs the network.
 */
class DependencyResolutionTest extends SandboxedEngineTest {
    static UpstreamIndex upstream;
    static Path cache;

    @BeforeAll
    static void startIndex() throws Exception {
        upstream = UpstreamIndex.start();
        cache = Files.createDirectories(fx.root.resolve("dependency-cache"));
    }

    @AfterAll
    static void stopIndex() {
        if (upstream != null) {
            upstream.close();
        }
    }

    private static ValidationEngine engine() {
        DependencyResolver resolver = new DependencyResolver(new DependencySettings(upstream.simpleUrl(), cache, 64L << 20, 120,
                EngineSettings.PYTHON));
        return new ValidationEngine(new BubblewrapSandbox(), fx.settings(), resolver);
    }

    private static ValidationReport validate(Path wheel, String label) {
        ValidationReport r = engine().validate(wheel, "alice");
        try {
            Path dir = Files.createDirectories(Path.of("target", "validation-reports"));
            Files.writeString(dir.resolve(label + ".json"), ReportJson.write(r));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return r;
    }

    @Test
    void aDependencyFromTheIndexIsCachedAndTheRuntimeAndTrustChecksRun() throws Exception {
        Path wheel = Fixtures.env("uses-tiny-dep", "import tiny_dep\nassert tiny_dep.reverse('ab') == 'ba'\n" + Fixtures.GOOD)
                .requires("tiny-dep>=1.0").write(fx.wheels);
        ValidationReport r = validate(wheel, "tiny-dep");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        assertTrue(r.runtimeVerified(), ReportJson.write(r));
        assertNull(r.skipReason());
        EngineFixture.assertCheck(r, "install", CheckStatus.PASS, "tiny-dep-1.0");
        EngineFixture.assertCheck(r, "runtime.rewards", CheckStatus.PASS, "");
        EngineFixture.assertCheck(r, "trust.reward_hacking", CheckStatus.PASS, "");
        EngineFixture.assertCheck(r, "trust.determinism", CheckStatus.PASS, "");
        byte[] dep = UpstreamIndex.library(UpstreamIndex.TINY_DEP, "1.0", "def reverse(text):\n    return text[::-1]\n").bytes();
        Path cached = cache.resolve(Sha256.hex(Sha256.digest(dep))).resolve("tiny_dep-1.0-py3-none-any.whl");
        assertTrue(Files.isRegularFile(cached), "the dependency is in the content-addressed cache: " + list(cache));

        int pages = upstream.pageRequests(UpstreamIndex.TINY_DEP);
        ValidationReport again = engine().validate(wheel, "alice");
        assertTrue(again.runtimeVerified(), ReportJson.write(again));
        assertTrue(upstream.pageRequests(UpstreamIndex.TINY_DEP) > pages, "resolution asks the index each time");
    }

    @Test
    void aDependencyWithOnlyAnSdistGivesStaticChecksOnlyNamingIt() {
        Path wheel = Fixtures.env("uses-sdist", "import sdist_only_dep\n" + Fixtures.GOOD).requires("sdist-only-dep")
                .write(fx.wheels);
        ValidationReport r = validate(wheel, "sdist-only");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        assertFalse(r.runtimeVerified());
        assertEquals("dependency sdist-only-dep is not available from the upstream index", r.skipReason());
        EngineFixture.assertCheck(r, "install", CheckStatus.SKIP, "dependency sdist-only-dep is not available");
        for (String id : List.of("runtime.import", "runtime.load_environment", "runtime.rewards", "trust.reward_hacking")) {
            EngineFixture.assertCheck(r, id, CheckStatus.SKIP, "dependency sdist-only-dep is not available");
        }
    }

    @Test
    void everyMissingDependencyIsNamed() {
        Path wheel = Fixtures.env("uses-two-missing", Fixtures.GOOD).requires("sdist-only-dep>=1.0")
                .requires("nowhere-to-be-found>=2").requires("tiny-dep").write(fx.wheels);
        ValidationReport r = validate(wheel, "two-missing");
        assertFalse(r.runtimeVerified());
        assertEquals("dependencies sdist-only-dep>=1.0, nowhere-to-be-found>=2 are not available from the upstream index",
                r.skipReason(), ReportJson.write(r));
        assertTrue(r.summary().contains("sdist-only-dep>=1.0, nowhere-to-be-found>=2"), r.summary());
    }

    @Test
    void aLoadEnvironmentThatNeedsTheNetworkIsStaticChecksOnlyNotFailed() {
        Path wheel = Fixtures.env("needs-network", """
                import socket


                def load_environment():
                    socket.create_connection(("huggingface.co", 443), timeout=5)
                """).write(fx.wheels);
        ValidationReport r = validate(wheel, "network");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        assertFalse(r.runtimeVerified());
        assertEquals("needs network access to huggingface.co", r.skipReason());
        EngineFixture.assertCheck(r, "runtime.load_environment", CheckStatus.SKIP, "needs network access to huggingface.co");
        EngineFixture.assertCheck(r, "trust.reward_hacking", CheckStatus.SKIP, "needs network access to huggingface.co");
    }

    @Test
    void filesInstalledAtTheTopLevelOfSitePackagesAreAWarningAndATrustFlag() {
        Path wheel = Fixtures.env("top-level", Fixtures.GOOD).file("pyproject.toml", "[project]\nname = 'top-level'\n")
                .file("README.md", "# top\n").write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "top-level");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        EngineFixture.assertCheck(r, "static.top_level_files", CheckStatus.WARN, "pyproject.toml");
        EngineFixture.assertCheck(r, "static.top_level_files", CheckStatus.WARN, "README.md");
        assertTrue(r.runtimeVerified());
        assertTrue(r.trust().flags().stream().anyMatch(f -> f.startsWith("top-level files:") && f.contains("pyproject.toml")),
                r.trust().flags().toString());
    }

    private static List<Path> list(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.toList();
        }
    }
}
