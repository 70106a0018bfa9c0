package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.DatasetSummary;
import io.envhub.contract.report.RubricSummary;
import io.envhub.validator.sandbox.Mount;
import io.envhub.validator.sandbox.Sandbox;
import io.envhub.validator.sandbox.SandboxResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runtime checks, from one harness run in the sandbox: import the module, call {@code load_environment()},
 * find the dataset and the rubric, and call every reward function on sample rows. A run that is killed fails the
 * check of the stage it was in; the checks after a failure are skipped.
 */
final class RuntimeChecks {

    /** Stage of the harness to check id, in order. */
    static final Map<String, String> STAGES = stages();

    private final Sandbox sandbox;
    private final EngineSettings settings;

    RuntimeChecks(Sandbox sandbox, EngineSettings settings) {
        this.sandbox = sandbox;
        this.settings = settings;
    }

    private static Map<String, String> stages() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("import", "runtime.import");
        m.put("load_environment", "runtime.load_environment");
        m.put("dataset", "runtime.dataset");
        m.put("rubric", "runtime.rubric");
        m.put("rewards", "runtime.rewards");
        return m;
    }

    /** Runs the harness; {@code probesOnly} skips the fingerprint (for the determinism run). */
    Harness.Run harness(JobDir job, String module, boolean probesOnly) {
        List<String> args = new ArrayList<>(List.of(module, Integer.toString(settings.sampleRows()),
                Integer.toString(settings.probeRows()), Integer.toString(settings.fingerprintRows())));
        if (probesOnly) {
            args.add("probes-only");
        }
        return Harness.run(sandbox, settings.limits(), job, InstallStep.VENV + "/bin/python",
                List.of(Mount.readOnly(job.venv(), InstallStep.VENV)), new byte[0], "run", args.toArray(String[]::new));
    }

    /** Maps a harness run to the five runtime checks. */
    List<CheckResult> checks(Harness.Run run, String module) {
        JsonNode r = run.result();
        Map<String, Long> ms = new LinkedHashMap<>();
        String failedStage = null;
        String failure = null;
        if (r != null) {
            for (JsonNode s : r.path("stages")) {
                ms.put(s.path("name").asText(), s.path("ms").asLong());
            }
            if (r.hasNonNull("error")) {
                failedStage = r.path("error").path("stage").asText("import");
                failure = ErrorHints.explain(r.path("error"), module, settings.limits());
            }
        } else {
            failedStage = run.lastStage() == null ? "import" : run.lastStage();
            failure = killed(run, failedStage);
        }
        List<CheckResult> out = new ArrayList<>();
        boolean after = false;
        for (Map.Entry<String, String> stage : STAGES.entrySet()) {
            String id = stage.getValue();
            if (after) {
                out.add(CheckResult.skip(id, "not run: " + STAGES.get(failedStage) + " failed"));
            } else if (stage.getKey().equals(failedStage)) {
                out.add(CheckResult.fail(id, failure, ms.getOrDefault(stage.getKey(), run.sandbox().wallMillis())));
                after = true;
            } else {
                out.add(CheckResult.pass(id, success(stage.getKey(), r, module), ms.getOrDefault(stage.getKey(), 0L)));
            }
        }
        return out;
    }

    String killed(Harness.Run run, String stage) {
        SandboxResult s = run.sandbox();
        String how = s.describe(settings.limits());
        if (s.termination() == SandboxResult.Termination.EXITED) {
            how = "the harness " + how + " without a result: " + InstallStep.tail(s.stderr());
        }
        return how + " (during " + stage + ")";
    }

    private static String success(String stage, JsonNode r, String module) {
        if (r == null) {
            return stage + " completed (details lost: the run was killed in a later stage)";
        }
        if (r.path("messages").hasNonNull(stage)) { // a v1 taskset says what each stage did in its own terms
            return cut(r.path("messages").path(stage).asText(), 1000);
        }
        return switch (stage) {
            case "import" -> "imported " + module;
            case "load_environment" -> "load_environment() returned an environment";
            case "dataset" -> {
                JsonNode d = r.path("dataset");
                List<String> cols = new ArrayList<>();
                d.path("columns").forEach(c -> cols.add(c.asText()));
                yield d.path("size").asInt() + " rows from '" + d.path("source").asText() + "', columns " + String.join(", ", cols);
            }
            case "rubric" -> {
                List<String> fs = new ArrayList<>();
                r.path("rubric").path("functions").forEach(f -> fs.add(f.path("name").asText() + " (weight "
                        + f.path("weight").asDouble() + (f.path("async").asBoolean() ? ", async" : "") + ")"));
                yield fs.size() + " reward functions: " + String.join(", ", fs);
            }
            default -> "every reward function returned a finite number on " + r.path("samples").size() / Math.max(1,
                    r.path("rubric").path("functions").size()) + " sample rows";
        };
    }

    static DatasetSummary dataset(JsonNode r) {
        JsonNode d = r == null ? null : r.get("dataset");
        if (d == null) {
            return null;
        }
        List<String> cols = new ArrayList<>();
        d.path("columns").forEach(c -> cols.add(c.asText()));
        List<DatasetSummary.Column> schema = null;
        List<List<String>> sample = null;
        if (d.path("schema").isArray() && d.path("sample").isArray()) {
            schema = new ArrayList<>();
            for (JsonNode c : d.path("schema")) {
                if (schema.size() < cols.size()) {
                    schema.add(new DatasetSummary.Column(cut(c.path("name").asText(""), MAX_NAME),
                            cut(c.path("type").asText(""), MAX_NAME)));
                }
            }
            sample = new ArrayList<>();
            for (JsonNode row : d.path("sample")) {
                if (sample.size() == DatasetSummary.MAX_SAMPLE_ROWS) {
                    break;
                }
                List<String> cells = new ArrayList<>();
                for (int i = 0; i < schema.size(); i++) {
                    JsonNode cell = row.path(i);
                    cells.add(cell.isMissingNode() || cell.isNull() ? null : cut(cell.asText(), DatasetSummary.MAX_CELL_CHARS));
                }
                sample.add(cells);
            }
        }
        return new DatasetSummary(d.path("source").asText(), d.path("size").asInt(), cols, d.path("rowsWithPrompt").asInt(),
                schema, sample);
    }

    private static final int MAX_NAME = 200;

    /** The harness runs next to untrusted code: its preview is capped again here. */
    private static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "\u2026";
    }

    static RubricSummary rubric(JsonNode r) {
        JsonNode rb = r == null ? null : r.get("rubric");
        if (rb == null) {
            return null;
        }
        List<RubricSummary.RewardFunction> fs = new ArrayList<>();
        rb.path("functions").forEach(f -> fs.add(new RubricSummary.RewardFunction(f.path("name").asText(),
                f.path("weight").asDouble(), f.path("async").asBoolean(), f.path("completionFormat").asText(null))));
        return new RubricSummary(fs);
    }
}
