package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.report.CheckResult;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code runtime.task_checks}: verifiers' own {@code validate} checks of a v1 taskset (per task, {@code Task.setup}
 * then the gold check {@code Task.validate(runtime)}, on verifiers' subprocess runtime in the sandbox), present only
 * when the task class defines setup or validate. A task that is invalid or errors is a warning and a trust flag: the
 * taskset's author says its reference data cannot be graded.
 */
final class V1TaskChecks {
    static final String ID = "runtime.task_checks";

    /** The check and the trust flag it raises (or null). */
    record Outcome(CheckResult check, String flag) {
    }

    private V1TaskChecks() {
    }

    /** The check from a harness result, or null when the taskset defines no checks (or it is a v0 result). */
    static Outcome of(JsonNode result) {
        JsonNode t = result == null ? null : result.get("taskChecks");
        if (t == null || !t.isObject()) {
            return null;
        }
        List<String> defines = new ArrayList<>();
        t.path("defines").forEach(d -> defines.add(d.asText()));
        String what = "Task." + String.join(" and Task.", defines);
        if (t.hasNonNull("skipped")) {
            return new Outcome(CheckResult.skip(ID, "verifiers' validate checks (" + what + ") not run: "
                    + t.path("skipped").asText()), null);
        }
        for (JsonNode row : t.path("rows")) {
            String host = row.path("network").asText("");
            if (host.matches("[A-Za-z0-9.:_-]{1,253}")) {
                return new Outcome(CheckResult.skip(ID, "verifiers' validate checks (" + what + ") need network access to "
                        + host + " (the sandbox has no network)"), null);
            }
        }
        int total = 0;
        int valid = 0;
        String firstBad = null;
        for (JsonNode row : t.path("rows")) {
            total++;
            if (row.path("valid").asBoolean()) {
                valid++;
            } else if (firstBad == null) {
                firstBad = "task " + row.path("index").asText("?") + ": " + row.path("reason").asText()
                        + (row.hasNonNull("error") ? " (" + row.path("error").asText() + ")" : "");
            }
        }
        int all = t.path("tasks").asInt(total);
        String counts = valid + " of " + total + " tasks valid" + (all > total ? " (the first " + total + " of " + all + " tasks)" : "");
        if (valid == total) {
            return new Outcome(CheckResult.pass(ID, "verifiers' validate checks (" + what + ") on the subprocess runtime: "
                    + counts, 0), null);
        }
        String message = "verifiers' validate checks (" + what + "): " + counts + "; first: " + firstBad;
        return new Outcome(CheckResult.warn(ID, message, 0), message);
    }
}
