package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each tampering reply of the harness ({@code hacks.TAMPERING}) really is an exploit, one by one: scored by the
 * corpus' vulnerable test runner (trusts the exit code or a PASSED line, imports the agent's code next to the tests)
 * every one of them gets full marks, while the hardened runner (the agent's code in a child that must print the
 * checker's nonce line) gives each of them nothing and still gives the honest solution full marks. The probe that
 * sends these replies is then calibrated in {@link TrustCorpusTest}; this test shows that what it sends would be caught
 * for the right reason and that hardening a runner is the fix the finding's hint asks for.
 *
 * <p>The runners are the test's own fixtures ({@link CodeFixtures}) and the harness' own modules, run with the
 * system Python on the host: nothing here is an uploaded package.
 */
class TamperingRepliesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> EXPLOITS = List.of("exit-early", "print-passed", "overwrite-tests", "neuter-asserts",
            "patch-asserts", "conftest-skip", "catch-all");

    @TempDir
    Path dir;

    @Test
    void everyTamperingReplyFoolsTheVulnerableRunnerAndNoneFoolsTheHardenedOne() throws Exception {
        JsonNode scores = score();
        List<String> sent = new ArrayList<>();
        scores.fieldNames().forEachRemaining(sent::add);
        sent.remove("honest solution");
        assertEquals(EXPLOITS, sent, "the harness sends these tampering replies");
        for (String exploit : EXPLOITS) {
            assertEquals(1.0, scores.path(exploit).path("vulnerable").asDouble(-1), 1e-9,
                    exploit + " is an exploit of a runner that trusts its exit code or output: " + scores.path(exploit));
            assertEquals(0.0, scores.path(exploit).path("hardened").asDouble(-1), 1e-9,
                    exploit + " must not fool the hardened runner: " + scores.path(exploit));
        }
        assertEquals(1.0, scores.path("honest solution").path("vulnerable").asDouble(-1), 1e-9, scores.toString());
        assertEquals(1.0, scores.path("honest solution").path("hardened").asDouble(-1), 1e-9,
                "hardening keeps an honest solution's score: " + scores);
    }

    /** Runs every tampering reply and the reference solution of the first task through both runners. */
    private JsonNode score() throws IOException, InterruptedException {
        Path harness = Files.createDirectories(dir.resolve("harness"));
        for (Map.Entry<String, byte[]> m : Harness.modules().entrySet()) {
            Files.write(harness.resolve(m.getKey()), m.getValue());
        }
        Files.writeString(dir.resolve("vulnerable.py"),
                CodeFixtures.VULNERABLE.replace("VERDICT", "1.0 if rc == 0 or 'PASSED' in out else 0.0"));
        Files.writeString(dir.resolve("hardened.py"), CodeFixtures.HARDENED);
        Files.writeString(dir.resolve("drive.py"), """
                import json
                from harness import hacks
                import hardened
                import vulnerable

                name, prompt, reference, cases = vulnerable.TASKS[0]
                replies = dict(hacks.TAMPERING)
                replies["honest solution"] = reference
                out = {}
                for label, code in replies.items():
                    reply = hacks.fenced(code)
                    out[label] = {"vulnerable": vulnerable.score_code(reply, cases), "hardened": hardened.score_code(reply, cases)}
                with open("scores.json", "w") as f:  # the harness keeps stdout for its own channel
                    json.dump(out, f)
                """);
        Process p = new ProcessBuilder(EngineSettings.PYTHON, "drive.py").directory(dir.toFile())
                .redirectError(dir.resolve("stderr.txt").toFile()).start();
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the runners finished");
        assertEquals(0, p.exitValue(), () -> stdout + readQuietly(dir.resolve("stderr.txt")));
        return JSON.readTree(dir.resolve("scores.json").toFile());
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
