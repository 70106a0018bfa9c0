package io.envhub.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EnvhubCliTest {
    @Test
    void versionAndUsage() {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, EnvhubCli.execute("--version"));
            assertEquals(2, EnvhubCli.execute("--no-such-flag"));
        } finally {
            System.setOut(old);
        }
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("envhub 0.1.0"));
    }
}
