package io.envhub.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Writes run directories the way the verifiers tooling does ({@code metadata.json} + {@code results.jsonl}): a model,
 * {@code examples} × {@code rollouts} rows whose rewards follow {@code reward(example, rollout)}, two reward
 * functions in {@code metrics}, and a metadata whose {@code avg_reward} is the rows' mean.
 */
public final class EvalRunDirs {
    /** A reward per (example, rollout). */
    public interface Reward {
        double of(int example, int rollout);
    }

    private EvalRunDirs() {
    }

    /** Writes the directory; {@code gzip} writes results.jsonl.gz instead. Returns the directory. */
    public static Path write(Path dir, String envId, String model, int examples, int rollouts, Reward reward, boolean gzip) {
        try {
            Files.createDirectories(dir);
            StringBuilder rows = new StringBuilder();
            double sum = 0;
            double exact = 0;
            for (int e = 0; e < examples; e++) {
                for (int r = 0; r < rollouts; r++) {
                    double value = reward.of(e, r);
                    sum += value;
                    exact += value >= 1 ? 1 : 0;
                    rows.append(row(e, r, value)).append('\n');
                }
            }
            int n = examples * rollouts;
            String metadata = "{\"env_id\": \"" + envId + "\", \"env_args\": {}, \"model\": \"" + model + "\","
                    + " \"base_url\": \"https://api.example.test/v1?key=secret\", \"num_examples\": " + examples + ","
                    + " \"rollouts_per_example\": " + rollouts + ", \"sampling_args\": {\"max_tokens\": 512, \"temperature\": 0.7},"
                    + " \"date\": \"2026-11-30 12:00:00\", \"time_ms\": 4200.0, \"avg_reward\": " + (sum / n) + ","
                    + " \"avg_metrics\": {\"exact_match\": " + (exact / n) + ", \"lcs_ratio\": " + (sum / n) + "},"
                    + " \"pass_at_k\": {\"1\": " + (exact / n) + "}, \"cost\": 0.0125}";
            Files.writeString(dir.resolve("metadata.json"), metadata);
            byte[] bytes = rows.toString().getBytes(StandardCharsets.UTF_8);
            if (gzip) {
                try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("results.jsonl.gz")))) {
                    out.write(bytes);
                }
            } else {
                Files.write(dir.resolve("results.jsonl"), bytes);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One rollout line, with Markdown and an attempted script in the completion (untrusted text). */
    public static String row(int example, int rollout, double reward) {
        return String.format(Locale.ROOT, "{\"example_id\": %d, \"prompt\": [{\"role\": \"user\", \"content\": "
                + "\"Reverse the text: *example %d*\"}], \"completion\": [{\"role\": \"assistant\", \"content\": "
                + "\"**answer %d.%d** <script>alert(1)</script>\"}], \"answer\": \"%d\", \"task\": \"default\", "
                + "\"reward\": %s, \"metrics\": {\"exact_match\": %s, \"lcs_ratio\": %s}, \"info\": {}}",
                example, example, example, rollout, example, reward, reward >= 1 ? 1.0 : 0.0, reward);
    }

    /** The results file of a directory (plain or gzip). */
    public static Path results(Path dir) {
        Path gz = dir.resolve("results.jsonl.gz");
        return Files.exists(gz) ? gz : dir.resolve("results.jsonl");
    }
}
