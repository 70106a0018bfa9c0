package io.envhub.validator.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The sandbox the gate hands out when no real one can isolate: it refuses every command and runs nothing. */
class RefusingSandboxTest {

    @Test
    void refusesEveryCommand() {
        Sandbox s = new SandboxGate.RefusingSandbox("sandbox unavailable: bwrap not found");
        SandboxUnavailableException e = assertThrows(SandboxUnavailableException.class,
                () -> s.run(SandboxSpec.of(SandboxLimits.DEFAULTS, List.of(), "/usr/bin/true")));
        assertEquals("sandbox unavailable: bwrap not found", e.getMessage());
        assertThrows(SandboxUnavailableException.class, s::verify);
    }
}
