package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.TrustFinding;
import io.envhub.contract.report.ValidationReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The test-tampering finding names every kind of tampering that fooled the environment's test runner, not only the
 * first: a runner that trusts only its exit code falls to six of the seven kinds (printing PASSED does not move an
 * exit code), and the author needs all six to harden it.
 */
class TamperingFindingTest extends SandboxedEngineTest {

    @Test
    void aRunnerTrustingItsExitCodeIsNamedWithEveryKindOfTamperingThatFooledIt() {
        Path wheel = CodeFixtures.vulnerableV0("exit-code-runner", "1.0 if rc == 0 else 0.0").write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "alice");
        assertTrue(r.runtimeVerified(), ReportJson.write(r));
        List<TrustFinding> tampering = r.trust().findings().stream().filter(f -> "test-tampering".equals(f.probe())).toList();
        assertEquals(1, tampering.size(), r.trust().findings().toString());
        String message = tampering.get(0).message();
        assertTrue(message.contains("a reply that tampers with the tests (exit-early, overwrite-tests, neuter-asserts, "
                + "patch-asserts, conftest-skip, catch-all) scores 1.000"), message);
        assertEquals(1.0, tampering.get(0).referenceScore(), 1e-9, "the honest reference solution scores");
    }
}
