package io.envhub.cli.http;

/**
 * What the user was doing when the hub refused, so that the refusal can be explained in their terms. Fields are
 * null when they do not apply.
 *
 * @param action the command, e.g. {@code push}, {@code pull}, {@code yank}
 * @param owner the owner in the request
 * @param name the environment name in the request
 * @param version the version in the request
 * @param filename the wheel file name of a push
 */
public record Situation(String action, String owner, String name, String version, String filename) {
    /** A situation without details. */
    public static final Situation NONE = new Situation(null, null, null, null, null);

    /**
     * A situation about one environment.
     *
     * @param action command
     * @param owner owner
     * @param name name
     * @param version version or null
     * @return the situation
     */
    public static Situation of(String action, String owner, String name, String version) {
        return new Situation(action, owner, name, version, null);
    }

    /**
     * Returns a copy with the wheel file name.
     *
     * @param file the file name
     * @return the copy
     */
    public Situation withFilename(String file) {
        return new Situation(action, owner, name, version, file);
    }

    /** {@code owner/name}, or "the environment" when unknown. */
    String coordinates() {
        return owner != null && name != null ? owner + "/" + name : "the environment";
    }
}
