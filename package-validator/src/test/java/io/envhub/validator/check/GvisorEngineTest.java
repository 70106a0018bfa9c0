package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.ValidationReport;
import io.envhub.testprereq.Prerequisites;
import io.envhub.validator.sandbox.GvisorSandbox;
import io.envhub.validator.sandbox.SandboxUnavailableException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same engine and harness under gVisor: a whole validation (venv and offline install into a writable mount,
 * import, dataset, rubric, rewards, the trust runs) and a hostile package failing at the CPU limit enforced outside.
 */
class GvisorEngineTest {

    private static EngineFixture fx;
    private static ValidationEngine engine;
    private static GvisorSandbox gvisorSandbox;

    @BeforeAll
    static void setUp() {
        fx = new EngineFixture();
        GvisorSandbox gvisor = new GvisorSandbox(fx.root.resolve("gvisor"));
        String problem = null;
        try {
            gvisor.verify();
        } catch (SandboxUnavailableException e) {
            problem = e.getMessage();
        }
        Prerequisites.require(problem == null, "a usable gVisor sandbox (" + problem + ")");
        engine = new ValidationEngine(gvisor, fx.settings());
        gvisorSandbox = gvisor;
    }

    @AfterAll
    static void tearDown() {
        if (fx != null) {
            fx.delete();
        }
    }

    @Test
    void goodEnvironmentValidatesWithTheSameChecks() {
        Path wheel = Fixtures.env("good-env", Fixtures.GOOD).write(fx.wheels);
        ValidationReport r = EngineFixture.validate(engine, wheel, "gvisor-good");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        assertTrue(r.runtimeVerified());
        r.checks().forEach(c -> assertEquals(CheckStatus.PASS, c.checkStatus(), c.id() + ": " + c.message()));
        assertEquals(19, r.checks().size()); // with trust.sparsity and trust.diversity (issue 31)
        assertEquals(25, r.dataset().size());
        assertEquals(Boolean.TRUE, r.trust().deterministic());
        assertEquals("gvisor", r.limits().sandbox());
    }

    @Test
    void aHostedSessionRunsUnderGvisor() {
        Path wheel = Fixtures.env("session-env", Fixtures.GOOD).write(fx.wheels);
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        try (SessionProcess session = new SessionLauncher(gvisorSandbox, fx.settings(), null).start(wheel, null, 120, 90_000)) {
            var reset = session.call(json.createObjectNode().put("op", "reset").put("seed", 1), 30_000);
            assertEquals("What is 1 + 5? Reply with the number only.", reset.path("observation").path("prompt").asText(),
                    reset.toString());
            var step = json.createObjectNode().put("op", "step");
            step.putObject("action").put("message", "6");
            var scored = session.call(step, 30_000);
            assertTrue(scored.path("done").asBoolean(), scored.toString());
            assertEquals(1.2, scored.path("reward").asDouble(), 1e-9);
        }
    }

    @Test
    void infiniteLoopIsKilledAtTheCpuLimit() {
        ValidationReport r = EngineFixture.validate(engine, Fixtures.simple("spin-env", "while True:\n    pass\n").write(fx.wheels),
                "gvisor-spin");
        assertEquals(ValidationReport.FAILED, r.status(), ReportJson.write(r));
        EngineFixture.assertCheck(r, "runtime.load_environment", CheckStatus.FAIL,
                "killed: CPU time limit of 3 s exceeded (during load_environment)");
    }
}
