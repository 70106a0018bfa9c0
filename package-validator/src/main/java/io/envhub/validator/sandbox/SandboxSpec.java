package io.envhub.validator.sandbox;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One command to run in a sandbox.
 *
 * @param command program (absolute path inside the sandbox) and arguments
 * @param mounts host paths to bind
 * @param env the whole environment of the command (nothing is inherited; PATH, HOME and TMPDIR are set by the
 *     sandbox unless given here)
 * @param stdin bytes written to the command's standard input, then closed (may be empty)
 * @param limits resource limits
 */
public record SandboxSpec(List<String> command, List<Mount> mounts, Map<String, String> env, byte[] stdin,
                          SandboxLimits limits) {

    /**
     * Copies the collections.
     *
     * @param command command
     * @param mounts mounts
     * @param env environment
     * @param stdin input
     * @param limits limits
     */
    public SandboxSpec {
        if (command.isEmpty() || !command.get(0).startsWith("/")) {
            throw new IllegalArgumentException("the command must start with an absolute program path: " + command);
        }
        command = List.copyOf(command);
        mounts = List.copyOf(mounts);
        env = Map.copyOf(env);
        stdin = stdin == null ? new byte[0] : stdin.clone();
        Objects.requireNonNull(limits, "limits");
    }

    /**
     * A command without input and without extra environment.
     *
     * @param limits limits
     * @param mounts mounts
     * @param command program and arguments
     * @return the spec
     */
    public static SandboxSpec of(SandboxLimits limits, List<Mount> mounts, String... command) {
        return new SandboxSpec(List.of(command), mounts, Map.of(), new byte[0], limits);
    }

    /**
     * The command's whole environment: {@code PATH=/usr/bin:/bin}, {@code HOME} and {@code TMPDIR} the job directory,
     * {@code LANG=C.UTF-8}, then this spec's variables (which win); sorted by name.
     *
     * @return the variables every sandbox sets
     */
    public Map<String, String> environment() {
        Map<String, String> all = new TreeMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", Sandbox.JOB_DIR,
                "TMPDIR", Sandbox.JOB_DIR, "LANG", "C.UTF-8"));
        all.putAll(env);
        return all;
    }
}
