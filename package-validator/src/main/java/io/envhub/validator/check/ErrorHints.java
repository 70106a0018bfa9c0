package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.validator.sandbox.SandboxLimits;

/** Turns an error reported by the harness into a message that names the cause, with a hint about the sandbox. */
final class ErrorHints {

    private ErrorHints() {
    }

    /**
     * Describes a harness error.
     *
     * @param error the {@code error} object of a harness result
     * @param module module name
     * @param limits limits the run had
     * @return e.g. {@code load_environment() raised OSError: [Errno 30] Read-only file system: '/usr/x' (...)}
     */
    static String explain(JsonNode error, String module, SandboxLimits limits) {
        String type = error.path("type").asText("Error");
        String text = error.path("message").asText("");
        String base;
        if (error.hasNonNull("harness")) {
            base = error.path("harness").asText();
        } else {
            String stage = error.path("stage").asText("");
            String what = switch (stage) {
                case "import" -> "importing " + module;
                case "load_environment" -> "load_environment()";
                case "dataset" -> "reading the dataset";
                case "rubric" -> "reading the rubric";
                case "rewards" -> "scoring sample rows";
                default -> stage.isEmpty() ? "the harness" : stage;
            };
            base = what + " raised " + type + (text.isEmpty() ? "" : ": " + text);
        }
        return base + hint(type, error.path("errno").asInt(0), limits);
    }

    static String hint(String type, int errno, SandboxLimits limits) {
        if ("MemoryError".equals(type)) {
            return " (memory limit of " + (limits.memoryBytes() >> 20) + " MiB per process)";
        }
        return switch (errno) {
            case 11 -> " (the sandbox's limit of " + limits.processes() + " processes was reached)";
            case 30 -> " (everything outside the job directory is read-only in the sandbox)";
            case 13, 1 -> " (not permitted in the sandbox)";
            case 99, 101, 111, 113 -> " (the sandbox has no network)";
            case 2 -> " (the sandbox sees only /usr, the venv and its job directory)";
            case 27 -> " (file size limit of " + limits.fileSizeBytes() + " bytes)";
            case 28 -> " (the job directory holds at most " + limits.tmpfsBytes() + " bytes)";
            case 24 -> " (limit of " + limits.openFiles() + " open files)";
            default -> "gaierror".equals(type) ? " (the sandbox has no network)" : "";
        };
    }
}
