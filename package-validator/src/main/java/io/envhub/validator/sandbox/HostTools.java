package io.envhub.validator.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/** What the sandboxes need from the host: programs on the system paths, whether the validator runs as root, and how a run ended. */
final class HostTools {

    private static final Logger LOG = Logger.getLogger(HostTools.class);
    private static final int SIGXCPU_STATUS = 128 + 24;
    private static final int SIGKILL_STATUS = 128 + 9;

    private HostTools() {
    }

    /**
     * Finds programs on the usual system paths.
     *
     * @param names program names
     * @return name to absolute path, null for a program not found (in the given order)
     */
    static Map<String, String> locate(List<String> names) {
        Map<String, String> found = new LinkedHashMap<>();
        for (String name : names) {
            found.put(name, locate(name));
        }
        return found;
    }

    /**
     * The programs of {@link #locate(List)}'s answer that are missing.
     *
     * @param tools what {@link #locate(List)} found
     * @return their names joined by ", ", or an empty string
     */
    static String missing(Map<String, String> tools) {
        return tools.entrySet().stream().filter(e -> e.getValue() == null).map(Map.Entry::getKey)
                .collect(Collectors.joining(", "));
    }

    private static String locate(String tool) {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    /**
     * Whether this JVM runs as root.
     *
     * @return true for uid 0
     */
    static boolean runningAsRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            LOG.debugf("cannot tell whether the validator runs as root: %s", e.toString());
            return false;
        }
    }

    /**
     * How a sandboxed command ended, from its host process's outcome: killed at the wall clock (by the sandbox's own
     * {@code timeout -s KILL} or the runner's backstop), at the CPU limit (SIGXCPU), by another signal, or exited.
     *
     * @param o the host process's outcome
     * @param limits the limits it ran with
     * @return the termination
     */
    static SandboxResult.Termination termination(ProcessRunner.Outcome o, SandboxLimits limits) {
        if (o.killedByDeadline()) {
            return SandboxResult.Termination.WALL_CLOCK;
        } else if (o.exitCode() == SIGXCPU_STATUS) {
            return SandboxResult.Termination.CPU_LIMIT;
        } else if (o.exitCode() == SIGKILL_STATUS && o.wallMillis() >= limits.wallSeconds() * 1000L - 250) {
            return SandboxResult.Termination.WALL_CLOCK;
        } else if (o.exitCode() > 128 && o.exitCode() <= 128 + 64) {
            return SandboxResult.Termination.SIGNALED;
        }
        return SandboxResult.Termination.EXITED;
    }
}
