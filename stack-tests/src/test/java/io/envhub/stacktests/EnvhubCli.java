package io.envhub.stacktests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.RepoPaths;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged {@code envhub} command-line tool ({@code bin/envhub}, hub-cli's jar and its libraries) run as a separate
 * process against the running stack, with its own configuration directory (one per user).
 */
final class EnvhubCli {
    private static final Pattern PAGE = Pattern.compile("(https?://\\S+user_code=\\S+)");
    private static final Pattern HIDDEN_CODE =
            Pattern.compile("name=\"code\"\\s+value=\"([^\"]+)\"|value=\"([^\"]+)\"\\s+name=\"code\"");
    private static final long RUN_SECONDS = 120;
    /** Readers of the processes' output: own threads, so that a blocked read never starves another one. */
    private static final ExecutorService READERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "envhub-cli-output");
        t.setDaemon(true);
        return t;
    });

    private final Path configDir;
    private final String keycloak;

    /** What one run printed and its exit code. */
    record Result(int exitCode, String out, String err) {
        /** The lines of stderr that are not blank. */
        List<String> errLines() {
            return err.lines().filter(l -> !l.isBlank()).toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    EnvhubCli(Path configDir, String keycloak) {
        this.configDir = configDir;
        this.keycloak = keycloak;
    }

    private ProcessBuilder builder(String... args) {
        List<String> command = new ArrayList<>();
        command.add(RepoPaths.root().resolve("bin/envhub").toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("ENVHUB_"));
        env.put("ENVHUB_URL", LocalStack.BACKEND);
        env.put("ENVHUB_BOUNTY_URL", LocalStack.BOUNTY);
        env.put("ENVHUB_KEYCLOAK_URL", keycloak);
        env.put("ENVHUB_CONFIG_DIR", configDir.toString());
        env.put("ENVHUB_CDS", "0");
        return pb;
    }

    /** Runs {@code envhub ARGS} to its end. */
    Result run(String... args) throws IOException, InterruptedException {
        Process p = builder(args).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        CompletableFuture<String> out = read(p.getInputStream());
        CompletableFuture<String> err = read(p.getErrorStream());
        if (!p.waitFor(RUN_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("envhub " + String.join(" ", args) + " did not end within " + RUN_SECONDS + " s");
        }
        return new Result(p.exitValue(), out.join(), err.join());
    }

    /**
     * {@code envhub login} through the real Keycloak device flow, the browser's part played over HTTP (sign in, then
     * grant the consent if Keycloak asks).
     */
    void login(String username, String password) throws Exception {
        Process p = builder("login").redirectErrorStream(true).start();
        StringBuilder printed = new StringBuilder();
        CompletableFuture<String> page = new CompletableFuture<>();
        CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (printed) {
                        printed.append(line).append('\n');
                    }
                    Matcher m = PAGE.matcher(line);
                    if (m.find()) {
                        page.complete(m.group(1));
                    }
                }
                page.completeExceptionally(new AssertionError("envhub login printed no verification page: " + printed));
            } catch (IOException e) {
                page.completeExceptionally(e);
            }
        }, READERS);
        BrowserSession browser = new BrowserSession();
        HttpResponse<String> shown = browser.get(page.get(RUN_SECONDS, TimeUnit.SECONDS));
        HttpResponse<String> afterLogin = browser.login(shown, username, password);
        if (afterLogin.body().contains("name=\"accept\"")) {
            Matcher m = HIDDEN_CODE.matcher(afterLogin.body());
            assertTrue(m.find(), "consent form without a code: " + afterLogin.body());
            String code = m.group(1) != null ? m.group(1) : m.group(2);
            String action = afterLogin.uri().resolve(BrowserSession.firstFormAction(afterLogin.body())).toString();
            afterLogin = browser.postForm(action, Map.of("code", code, "accept", "Yes"));
        }
        assertEquals(200, afterLogin.statusCode(), afterLogin.body());
        assertTrue(p.waitFor(RUN_SECONDS, TimeUnit.SECONDS), "envhub login did not end: " + printed);
        reader.get(10, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), printed.toString());
        assertTrue(printed.toString().contains("as " + username), printed.toString());
    }

    private static CompletableFuture<String> read(java.io.InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(unreadable: " + e + ")";
            }
        }, READERS);
    }
}
