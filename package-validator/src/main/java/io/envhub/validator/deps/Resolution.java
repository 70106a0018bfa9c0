package io.envhub.validator.deps;

import java.nio.file.Path;
import java.util.List;

/**
 * The outcome of resolving a wheel's dependencies.
 *
 * @param wheels the dependency wheels (in the job's directory), when resolved
 * @param missing every requirement no wheel was found for (e.g. {@code verifiers>=0.1.5}), empty when resolved
 * @param problem why resolution failed otherwise (a conflict), or null
 */
public record Resolution(List<Path> wheels, List<String> missing, String problem) {
    /**
     * Copies the lists.
     *
     * @param wheels wheels
     * @param missing missing requirements
     * @param problem other problem
     */
    public Resolution {
        wheels = List.copyOf(wheels);
        missing = List.copyOf(missing);
    }

    /** Whether every dependency has a wheel. */
    public boolean resolved() {
        return missing.isEmpty() && problem == null;
    }

    /** Why the runtime checks cannot run, naming every missing dependency; null when resolved. */
    public String reason() {
        if (!missing.isEmpty()) {
            return missing.size() == 1 ? "dependency " + missing.get(0) + " is not available from the upstream index"
                    : "dependencies " + String.join(", ", missing) + " are not available from the upstream index";
        }
        return problem == null ? null : "dependencies cannot be resolved: " + problem;
    }
}
