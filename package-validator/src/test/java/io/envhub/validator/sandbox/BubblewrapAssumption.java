package io.envhub.validator.sandbox;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Test helpers: skip (fail with CI=true) when bubblewrap cannot isolate here; check the host for leftovers of the sandbox uid. */
public final class BubblewrapAssumption {

    /** The sandbox uid of the tests. */
    public static final int UID = 61000;

    private static String problem;
    private static boolean checked;

    private BubblewrapAssumption() {
    }

    /** Skips (with CI=true: fails) the test unless bubblewrap works here (as root, so the uid drop and the process limit apply). */
    public static synchronized void assumeBubblewrap() {
        if (!checked) {
            checked = true;
            try {
                BubblewrapSandbox s = new BubblewrapSandbox();
                s.verify();
                if (!s.dropsPrivileges()) {
                    problem = "tests must run as root to drop to uid " + UID;
                }
            } catch (SandboxUnavailableException e) {
                problem = e.getMessage();
            }
        }
        Prerequisites.require(problem == null, "a usable bubblewrap sandbox (" + problem + ")");
    }

    /** Waits up to 10 s for every process of the sandbox uid to be gone, then asserts there are none. */
    public static void assertNoSandboxProcesses() {
        String left = "";
        for (int i = 0; i < 100; i++) {
            left = pgrep();
            if (left.isBlank()) {
                return;
            }
            sleep();
        }
        assertEquals("", left, "processes of uid " + UID + " left behind");
    }

    private static String pgrep() {
        try {
            Process p = new ProcessBuilder("pgrep", "-a", "-u", Integer.toString(UID)).redirectErrorStream(true).start();
            p.waitFor(10, TimeUnit.SECONDS);
            return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
