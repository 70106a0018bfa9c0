package io.envhub.validator.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;

/**
 * The gVisor sandbox keeps every promise of an isolating sandbox (Debian's runsc; root), and leaves neither a runsc
 * process nor a run directory behind.
 */
class GvisorSandboxTest extends IsolatingSandboxContract {

    private Path state;

    @Override
    protected Sandbox newSandbox() {
        try {
            state = Files.createTempDirectory("envhub-gvisor-test-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return new GvisorSandbox(state);
    }

    @AfterEach
    void noRunsc() throws IOException {
        assertNoProcessMentions(state.toString());
        try (Stream<Path> left = Files.list(state)) {
            assertEquals(List.of("rootfs"),
                    left.map(p -> p.getFileName().toString()).toList(), "run directories left in " + state);
        }
    }

    @AfterAll
    void deleteState() throws IOException {
        try (Stream<Path> walk = Files.walk(state)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
