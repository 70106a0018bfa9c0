package io.envhub.testprereq;

import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;

/**
 * What a test needs from the machine. {@link #require} skips the test (JUnit assumption) when the prerequisite is
 * missing on a developer's machine, and fails it when the environment variable {@code CI} is {@code true}: the CI
 * run installs every prerequisite, so a missing one there is a broken setup, not a reason to pass.
 */
public final class Prerequisites {
    private Prerequisites() {
    }

    /** Skips (outside CI) or fails (in CI) the running test unless {@code present}; {@code what} names the need. */
    public static void require(boolean present, String what) {
        require(present, what, System.getenv());
    }

    /** As {@link #require(boolean, String)}, evaluating {@code check} (an exception counts as missing). */
    public static void require(BooleanSupplier check, String what) {
        boolean present;
        try {
            present = check.getAsBoolean();
        } catch (RuntimeException e) {
            present = false;
            what = what + " (" + e.getMessage() + ")";
        }
        require(present, what);
    }

    /** Skips (outside CI) or fails (in CI) unless Debian's Chromium and its driver are installed (browser tests). */
    public static void requireChromium() {
        require(java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/chromium"))
                && java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/chromedriver")),
                "chromium and chromium-driver (apt-get install -y chromium chromium-driver)");
    }

    /** True when the variable {@code CI} is set to {@code true} (case-insensitive) or {@code 1}. */
    public static boolean inCi(Map<String, String> env) {
        String ci = env.getOrDefault("CI", "");
        return ci.equalsIgnoreCase("true") || ci.equals("1");
    }

    static void require(boolean present, String what, Map<String, String> env) {
        if (present) {
            return;
        }
        if (inCi(env)) {
            throw new AssertionFailedError("missing prerequisite (CI=true, so this fails instead of skipping): " + what);
        }
        Assumptions.abort("missing prerequisite: " + what);
    }
}
