package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.ValidationReport;
import io.envhub.validator.sandbox.BubblewrapAssumption;
import io.envhub.validator.sandbox.BubblewrapSandbox;
import io.envhub.validator.sandbox.SandboxLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/** Shared setup of engine tests: a world-searchable work directory, test limits, the real bubblewrap sandbox. */
final class EngineFixture {

    /** Limits for tests on a loaded 2-core machine: small memory and CPU, generous wall clock. */
    static final SandboxLimits LIMITS = new SandboxLimits(512L << 20, 3, 90, 64, 16L << 20, 256, 1 << 20, 64L << 20,
            BubblewrapAssumption.UID);

    final Path root;
    final Path work;
    final Path wheels;

    EngineFixture() {
        try {
            root = Files.createTempDirectory("envhub-validator-test-");
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
            work = Files.createDirectories(root.resolve("work"));
            wheels = Files.createDirectories(root.resolve("wheels"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    EngineSettings settings() {
        return EngineSettings.defaults(work, LIMITS);
    }

    ValidationEngine engine() {
        return new ValidationEngine(new BubblewrapSandbox(), settings());
    }

    ValidationEngine engine(EngineSettings settings) {
        return new ValidationEngine(new BubblewrapSandbox(), settings);
    }

    /** The host is unharmed: no job directory left, no process of the sandbox uid alive. */
    void assertHostClean() {
        try (Stream<Path> left = Files.list(work)) {
            assertEquals(0, left.count(), "job directories left in " + work);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        BubblewrapAssumption.assertNoSandboxProcesses();
    }

    void delete() {
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Validates a wheel and keeps the report under target/validation-reports/ for reading after the run. */
    static ValidationReport validate(ValidationEngine engine, Path wheel, String label) {
        ValidationReport r = engine.validate(wheel);
        try {
            Path dir = Files.createDirectories(Path.of("target", "validation-reports"));
            Files.writeString(dir.resolve(label + ".json"), ReportJson.write(r));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return r;
    }

    static CheckResult check(ValidationReport report, String id) {
        return report.check(id).orElseThrow(() -> new AssertionError("no check " + id + " in " + ReportJson.write(report)));
    }

    static void assertCheck(ValidationReport report, String id, CheckStatus status, String messagePart) {
        CheckResult c = check(report, id);
        assertEquals(status, c.checkStatus(), () -> id + ": " + c.message() + "\n" + ReportJson.write(report));
        assertTrue(c.message().contains(messagePart), () -> id + " message '" + c.message() + "' lacks '" + messagePart + "'");
    }
}
