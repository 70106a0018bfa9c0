package io.envhub.validator.sandbox;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A host path made visible inside the sandbox. The sandbox runs as an unprivileged uid: the host path and every
 * directory above it must be readable (and searchable) by that uid, writable ones writable by it.
 *
 * @param host existing host file or directory
 * @param target absolute path inside the sandbox
 * @param writable whether the sandbox may write to it (only for a directory prepared for the sandbox uid)
 */
public record Mount(Path host, String target, boolean writable) {

    /**
     * Checks the values.
     *
     * @param host host path
     * @param target sandbox path
     * @param writable writable
     */
    public Mount {
        Objects.requireNonNull(host, "host");
        if (!target.startsWith("/") || target.contains("..") || target.equals("/")) {
            throw new IllegalArgumentException("mount target must be an absolute path below /: " + target);
        }
    }

    /**
     * A read-only bind.
     *
     * @param host host path
     * @param target sandbox path
     * @return the mount
     */
    public static Mount readOnly(Path host, String target) {
        return new Mount(host, target, false);
    }

    /**
     * A writable bind.
     *
     * @param host host directory owned by the sandbox uid
     * @param target sandbox path
     * @return the mount
     */
    public static Mount writable(Path host, String target) {
        return new Mount(host, target, true);
    }
}
