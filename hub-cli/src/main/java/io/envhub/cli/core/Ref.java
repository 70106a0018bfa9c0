package io.envhub.cli.core;

import io.envhub.format.version.Version;

/**
 * An environment reference on the command line: {@code OWNER/NAME} or {@code OWNER/NAME@VERSION}.
 *
 * @param owner user or organisation
 * @param name environment name
 * @param version version, or null for "latest"
 */
public record Ref(String owner, String name, String version) {
    private static final String PART = "[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?";

    /**
     * Parses a reference.
     *
     * @param text the argument
     * @param versionAllowed whether {@code @VERSION} may be given
     * @return the reference
     * @throws CliException (exit 2) when it is malformed
     */
    public static Ref parse(String text, boolean versionAllowed) {
        String s = text.strip();
        String version = null;
        int at = s.indexOf('@');
        if (at >= 0) {
            version = s.substring(at + 1);
            s = s.substring(0, at);
            if (!versionAllowed) {
                throw new CliException(ExitCodes.USAGE, "'" + text + "': give OWNER/NAME without @VERSION here");
            }
            if (!Version.isValid(version)) {
                throw new CliException(ExitCodes.USAGE, "'" + version + "' is not a valid version (PEP 440, e.g. 0.1.4)");
            }
        }
        int slash = s.indexOf('/');
        if (slash <= 0 || slash != s.lastIndexOf('/') || !s.substring(0, slash).matches(PART) || !s.substring(slash + 1).matches(PART)) {
            throw new CliException(ExitCodes.USAGE, "'" + text + "' is not OWNER/NAME" + (versionAllowed ? "[@VERSION]" : "")
                    + " (e.g. alice/reverse-text" + (versionAllowed ? "@0.1.4" : "") + ")");
        }
        return new Ref(s.substring(0, slash), s.substring(slash + 1), version);
    }

    /** {@code owner/name}. */
    public String coordinates() {
        return owner + "/" + name;
    }

    @Override
    public String toString() {
        return coordinates() + (version == null ? "" : "@" + version);
    }
}
