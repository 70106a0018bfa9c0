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
    void noRunsc() throws Exception {
        assertNoProcessMentions(state.toString());
        // a started process's run directory goes when it has exited (asynchronously)
        for (int i = 0; i < 50 && listing().size() > 1; i++) {
            Thread.sleep(100);
        }
        try (Stream<Path> left = Files.list(state)) {
            assertEquals(List.of("rootfs"),
                    left.map(p -> p.getFileName().toString()).toList(), "run directories left in " + state);
        }
    }

    private List<String> listing() throws IOException {
        try (Stream<Path> left = Files.list(state)) {
            return left.map(p -> p.getFileName().toString()).toList();
        }
    }

    @AfterAll
    void deleteState() throws IOException {
        try (Stream<Path> walk = Files.walk(state)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
