package io.envhub.validator.check;

import static io.envhub.validator.check.EngineFixture.assertCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.ValidationReport;
import io.envhub.format.archive.ArchiveLimits;
import io.envhub.validator.sandbox.Sandbox;
import io.envhub.validator.sandbox.SandboxResult;
import io.envhub.validator.sandbox.SandboxSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile archives are refused by the static checks in Java, before anything reaches the sandbox: the engine here
 * has a sandbox that fails the test if it is ever asked to run something.
 */
class ArchiveAttackTest {

    private static final Sandbox NEVER = new Sandbox() {
        @Override
        public SandboxResult run(SandboxSpec spec) {
            return fail("a refused archive must not reach the sandbox: " + spec.command());
        }

        @Override
        public void verify() {
        }

        @Override
        public String name() {
            return "never";
        }
    };

    private static EngineFixture fx;

    @BeforeAll
    static void setUp() {
        fx = new EngineFixture();
    }

    @AfterAll
    static void tearDown() {
        fx.delete();
    }

    @AfterEach
    void noJobDirectoryLeft() throws IOException {
        try (var left = Files.list(fx.work)) {
            assertEquals(0, left.count());
        }
    }

    private static ValidationReport refused(String label, Path wheel, EngineSettings settings) {
        ValidationReport r = EngineFixture.validate(new ValidationEngine(NEVER, settings), wheel, label);
        assertEquals(ValidationReport.FAILED, r.status(), () -> ReportJson.write(r));
        for (String id : new String[] {"static.load_environment", "install", "runtime.import", "runtime.rewards", "trust.fingerprint"}) {
            assertCheck(r, id, CheckStatus.SKIP, "not run: static");
        }
        return r;
    }

    @Test
    void zipSlipEntry() {
        Path escape = Path.of("/tmp/envhub-zipslip-" + UUID.randomUUID() + ".py");
        Path wheel = new ZipBytes().file("slip_env.py", "def load_environment():\n    return {}\n")
                .file("../../../../.." + escape, "print('escaped')\n")
                .distInfo("slip_env", "0.1.0").write(fx.wheels, "slip_env-0.1.0-py3-none-any.whl");
        ValidationReport r = refused("zip-slip", wheel, fx.settings());
        assertCheck(r, "static.archive", CheckStatus.FAIL, "unsafe entry path (zip slip): entry '../../../../../tmp/envhub-zipslip-");
        assertCheck(r, "static.archive", CheckStatus.FAIL, "[archive.path_traversal]");
        assertFalse(Files.exists(escape), "the zip-slip entry was written to the host");
    }

    @Test
    void zipBomb() {
        Path wheel = new ZipBytes().file("bomb_env.py", "def load_environment():\n    return {}\n")
                .file("bomb_env/data.bin", new byte[40 << 20])
                .distInfo("bomb_env", "0.1.0").write(fx.wheels, "bomb_env-0.1.0-py3-none-any.whl");
        ValidationReport r = refused("zip-bomb", wheel, fx.settings());
        assertCheck(r, "static.archive", CheckStatus.FAIL, "zip bomb (compression ratio above the limit): entry 'bomb_env/data.bin'");
        assertCheck(r, "static.archive", CheckStatus.FAIL, "[archive.ratio]");
    }

    @Test
    void zipBombBeyondTheTotalUnpackedSize() {
        ZipBytes zip = new ZipBytes().file("wide_env.py", "def load_environment():\n    return {}\n");
        for (int i = 0; i < 12; i++) {
            zip.file("wide_env/part" + i + ".txt", ("row " + i + " ").repeat(40_000));
        }
        Path wheel = zip.distInfo("wide_env", "0.1.0").write(fx.wheels, "wide_env-0.1.0-py3-none-any.whl");
        EngineSettings small = new EngineSettings(fx.work, null, 50L << 20, ArchiveLimits.DEFAULTS.withMaxTotalUncompressed(2L << 20),
                EngineFixture.LIMITS, 60, 3, 20, 1000);
        ValidationReport r = refused("zip-bomb-total", wheel, small);
        assertCheck(r, "static.archive", CheckStatus.FAIL, "zip bomb (unpacks beyond the size limits)");
        assertCheck(r, "static.archive", CheckStatus.FAIL, "[archive.too_large]");
    }

    @Test
    void symlinkEntry() {
        Path wheel = new ZipBytes().file("link_env.py", "def load_environment():\n    return {}\n")
                .symlink("link_env/secrets.txt", "/etc/shadow")
                .distInfo("link_env", "0.1.0").write(fx.wheels, "link_env-0.1.0-py3-none-any.whl");
        ValidationReport r = refused("symlink", wheel, fx.settings());
        assertCheck(r, "static.archive", CheckStatus.FAIL, "symbolic link entry: entry 'link_env/secrets.txt'");
        assertCheck(r, "static.archive", CheckStatus.FAIL, "[archive.symlink]");
    }

    @Test
    void recordMismatch() {
        Path wheel = new ZipBytes().fileWithWrongRecord("record_env.py", "def load_environment():\n    return 'tampered'\n",
                        "def load_environment():\n    return {}\n")
                .distInfo("record_env", "0.1.0").write(fx.wheels, "record_env-0.1.0-py3-none-any.whl");
        ValidationReport r = refused("record-mismatch", wheel, fx.settings());
        assertCheck(r, "static.archive", CheckStatus.FAIL,
                "RECORD mismatch: RECORD hash of 'record_env.py' does not match its content [record.hash_mismatch]");
    }

    @Test
    void notAZipAtAll() throws IOException {
        Path wheel = Files.writeString(fx.wheels.resolve("junk_env-0.1.0-py3-none-any.whl"), "this is not a zip file");
        ValidationReport r = refused("not-a-zip", wheel, fx.settings());
        assertCheck(r, "static.archive", CheckStatus.FAIL, "invalid wheel: ");
        assertCheck(r, "static.archive", CheckStatus.FAIL, "[archive.malformed]");
    }

    @Test
    void wheelLargerThanTheLimit() {
        Path wheel = Fixtures.env("big-env", Fixtures.GOOD).write(fx.wheels);
        EngineSettings small = new EngineSettings(fx.work, null, 1000, ArchiveLimits.DEFAULTS, EngineFixture.LIMITS, 60, 3, 20, 1000);
        ValidationReport r = refused("too-large", wheel, small);
        assertCheck(r, "static.size", CheckStatus.FAIL, "more than the limit of 1000");
        assertCheck(r, "static.archive", CheckStatus.SKIP, "the wheel is too large to inspect");
    }

    @Test
    void fileNameDisagreeingWithMetadata() throws IOException {
        Path good = Fixtures.env("named-env", Fixtures.GOOD).write(fx.wheels);
        Path renamed = Files.move(good, good.resolveSibling("other_env-0.1.0-py3-none-any.whl"));
        ValidationReport r = refused("file-name-mismatch", renamed, fx.settings());
        assertCheck(r, "static.metadata", CheckStatus.FAIL, "file name 'other_env-0.1.0-py3-none-any.whl' disagrees with METADATA");
    }
}
