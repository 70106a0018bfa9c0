package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.TrustFinding;
import io.envhub.contract.report.ValidationReport;
import io.envhub.testsupport.UpstreamIndex;
import io.envhub.validator.deps.DependencyResolver;
import io.envhub.validator.deps.DependencySettings;
import io.envhub.validator.sandbox.BubblewrapSandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Calibration of the trust checks, measured: every fixture of {@link TrustCorpus} is validated in the real sandbox
 * (v1 tasksets against the stand-in verifiers wheel) and must get exactly its expected set of finding probes. Fails on
 * any false flag and any missed flag; prints the catch-rate table (probe class x fixtures caught / expected) and the
 * false flags. {@code -Dcorpus.only=label,label} runs a subset while working on a probe.
 */
class TrustCorpusTest extends SandboxedEngineTest {
    static UpstreamIndex index;
    static Path cache;

    @BeforeAll
    static void startIndex() throws IOException {
        index = UpstreamIndex.start();
        index.addWheel(V1TasksetRuntimeTest.standInVerifiers());
        cache = Files.createDirectories(fx.root.resolve("corpus-dependency-cache"));
    }

    @AfterAll
    static void stopIndex() {
        if (index != null) {
            index.close();
        }
    }

    @Test
    void everyFixtureGetsExactlyItsExpectedFindings() {
        String only = System.getProperty("corpus.only", "");
        Set<String> chosen = only.isBlank() ? null : Set.of(only.split(","));
        DependencyResolver resolver = new DependencyResolver(new DependencySettings(index.simpleUrl(), cache, 64L << 20, 120,
                EngineSettings.PYTHON));
        ValidationEngine engine = new ValidationEngine(new BubblewrapSandbox(), fx.settings(), resolver);
        Map<String, int[]> table = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        int good = 0;
        int goodClean = 0;
        for (TrustCorpus.Case c : TrustCorpus.all()) {
            if (chosen != null && !chosen.contains(c.label())) {
                continue;
            }
            Path wheel = c.fixture().write(fx.wheels);
            ValidationReport r = engine.validate(wheel, "alice");
            save(c.label(), r);
            if (r.trust() == null || !r.runtimeVerified()) {
                problems.add(c.label() + ": not runtime-verified: " + r.summary());
                continue;
            }
            Set<String> got = new TreeSet<>();
            r.trust().findings().forEach(f -> got.add(f.probe()));
            for (String expected : c.expected()) {
                int[] cell = table.computeIfAbsent(expected, k -> new int[2]);
                cell[1]++;
                if (got.contains(expected)) {
                    cell[0]++;
                } else {
                    problems.add(c.label() + (c.v1() ? " (v1)" : "") + ": missed " + expected + "; got " + got);
                }
            }
            for (TrustFinding f : r.trust().findings()) {
                if (!c.expected().contains(f.probe())) {
                    problems.add(c.label() + (c.v1() ? " (v1)" : "") + ": false flag " + f.probe() + ": " + f.message());
                }
            }
            if (c.expected().isEmpty()) {
                good++;
                goodClean += got.isEmpty() ? 1 : 0;
            }
            assertTrue(r.trust().flags().containsAll(r.trust().findings().stream().map(TrustFinding::message).toList()),
                    c.label() + ": a finding is missing from flags");
        }
        StringBuilder out = new StringBuilder("\nTrust corpus catch rate (probe class: fixtures caught / expected)\n");
        table.forEach((probe, cell) -> out.append(String.format(Locale.ROOT, "  %-20s %2d / %2d%n", probe, cell[0], cell[1])));
        out.append(String.format(Locale.ROOT, "  %-20s %2d / %2d without any finding%n", "good fixtures", goodClean, good));
        out.append(problems.isEmpty() ? "  no false or missed flags\n" : "  problems:\n    " + String.join("\n    ", problems) + "\n");
        System.out.println(out);
        assertTrue(problems.isEmpty(), out.toString());
    }

    private static void save(String label, ValidationReport r) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "validation-reports"));
            Files.writeString(dir.resolve("corpus-" + label + ".json"), ReportJson.write(r));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
