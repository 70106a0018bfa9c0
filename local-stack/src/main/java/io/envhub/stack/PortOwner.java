package io.envhub.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Who listens on a local port, as {@code ss} tells it (for error messages only). */
final class PortOwner {
    private PortOwner() {
    }

    /** " (ss: users:((...)))" for the listener on the port, or "" when {@code ss} is missing or says nothing. */
    static String describe(int port) {
        try {
            Process p = new ProcessBuilder("ss", "-Hltnp", "sport = :" + port).redirectErrorStream(true).start();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            int users = out.indexOf("users:");
            return users < 0 ? "" : " (" + out.substring(users).lines().findFirst().orElse("") + ")";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
