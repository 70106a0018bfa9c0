import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.wheel.WheelWriter;
import io.envhub.validator.check.EngineSettings;
import io.envhub.validator.check.SessionLauncher;
import io.envhub.validator.check.SessionProcess;
import io.envhub.validator.sandbox.BubblewrapSandbox;
import io.envhub.validator.sandbox.SandboxLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** See bench/session-step.sh. Args: steps. */
public class SessionStepBench {

    static final String MODULE = """
            def exact_match(completion, answer):
                text = completion[-1]["content"] if isinstance(completion, list) else completion
                return 1.0 if text.strip() == str(answer) else 0.0


            def load_environment(num_examples: int = 200):
                rows = [{"prompt": [{"role": "user", "content": "What is %d + %d?" % (i, 2 * i + 3)}],
                         "answer": str(3 * i + 3)} for i in range(num_examples)]
                return {"dataset": rows, "rubric": [exact_match]}
            """;

    public static void main(String[] args) throws Exception {
        int steps = Integer.parseInt(args[0]);
        Path root = Files.createTempDirectory("session-bench-");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path work = Files.createDirectories(root.resolve("work"));
        CoreMetadata m = new CoreMetadata(CoreMetadata.DEFAULT_METADATA_VERSION, "bench-session", "0.1.0", "bench", List.of(),
                "MIT", ">=3.10", List.of(), "Bench", null, "text/markdown", "# bench\n", List.of());
        WheelWriter w = new WheelWriter(m);
        w.addFile("bench_session.py", MODULE.getBytes(StandardCharsets.UTF_8));
        Path wheel = w.writeTo(Files.createDirectories(root.resolve("wheels")));
        SessionLauncher launcher = new SessionLauncher(new BubblewrapSandbox(),
                EngineSettings.defaults(work, SandboxLimits.DEFAULTS), null);
        ObjectMapper json = new ObjectMapper();
        long t0 = System.nanoTime();
        try (SessionProcess s = launcher.start(wheel, null, 3600, 120_000)) {
            System.out.printf(Locale.ROOT, "session start (static checks, venv, offline install, load): %.0f ms%n",
                    (System.nanoTime() - t0) / 1e6);
            List<Double> hosted = new ArrayList<>();
            List<Double> direct = new ArrayList<>();
            for (int i = 0; i < steps + 5; i++) {
                s.call((ObjectNode) json.createObjectNode().put("op", "reset").put("seed", i), 60_000);
                ObjectNode step = json.createObjectNode().put("op", "step");
                step.putObject("action").put("message", Integer.toString(3 * (i % 200) + 3));
                long a = System.nanoTime();
                JsonNode r = s.call(step, 60_000);
                double ms = (System.nanoTime() - a) / 1e6;
                if (r.path("reward").asDouble() != 1.0) {
                    throw new IllegalStateException("unexpected reward: " + r);
                }
                JsonNode state = s.call(json.createObjectNode().put("op", "state"), 60_000);
                if (i >= 5) { // warm-up
                    hosted.add(ms);
                    direct.add(state.path("last_score_ms").asDouble());
                }
            }
            report("hosted step (runner -> sandboxed session -> reward -> reply)", hosted);
            report("the same reward called directly in the sandboxed harness", direct);
            System.out.printf(Locale.ROOT, "ratio hosted/direct: p50 %.1fx, p99 %.1fx%n", pct(hosted, 50) / pct(direct, 50),
                    pct(hosted, 99) / pct(direct, 99));
        }
    }

    static void report(String what, List<Double> ms) {
        System.out.printf(Locale.ROOT, "%s: n=%d p50 %.3f ms, p99 %.3f ms%n", what, ms.size(), pct(ms, 50), pct(ms, 99));
    }

    static double pct(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
    }
}
