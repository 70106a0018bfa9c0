package io.envhub.validator.check;

import io.envhub.validator.sandbox.BubblewrapAssumption;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/**
 * Base of the tests that run the real engine with bubblewrap: one engine per class, and after every test the
 * host must be clean (no job directory left, no process of the sandbox uid).
 */
abstract class SandboxedEngineTest {
    static EngineFixture fx;

    @BeforeAll
    static void setUpEngine() {
        BubblewrapAssumption.assumeBubblewrap();
        fx = new EngineFixture();
    }

    @AfterAll
    static void tearDownEngine() {
        if (fx != null) {
            fx.delete();
            fx = null;
        }
    }

    @AfterEach
    void hostIsClean() {
        fx.assertHostClean();
    }
}
