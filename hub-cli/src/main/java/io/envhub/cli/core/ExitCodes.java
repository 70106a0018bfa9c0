package io.envhub.cli.core;

import java.util.LinkedHashMap;
import java.util.Map;

/** The exit codes of every {@code envhub} command. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** The hub refused the request (it exists already, not allowed, not found, invalid, validation failed). */
    public static final int REFUSED = 1;
    /** Wrong command-line usage. */
    public static final int USAGE = 2;
    /** The hub or Keycloak cannot be reached, or you are not signed in / your login expired. */
    public static final int NETWORK_OR_AUTH = 3;
    /** A local problem: not a project, a build failure, a hash mismatch, a file that cannot be written. */
    public static final int LOCAL = 4;
    /** {@code push --strict}: validation ended with warnings (trust flags, static checks only) or did not finish. */
    public static final int WARNINGS = 5;

    private ExitCodes() {
    }

    /**
     * The table shown in every command's help.
     *
     * @return code to description
     */
    public static Map<String, String> helpTable() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("0", "ok");
        m.put("1", "refused by the hub (exists already, forbidden, not found, invalid, validation failed)");
        m.put("2", "usage error");
        m.put("3", "network or authentication problem (run `envhub login`)");
        m.put("4", "local problem (not a project, build failure, hash mismatch)");
        m.put("5", "push --strict: validation passed with warnings (flags, static checks only) or did not finish");
        return m;
    }
}
