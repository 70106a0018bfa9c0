package io.envhub.stacktests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.stack.Http;
import io.envhub.stack.PostgresLauncher;
import io.envhub.stack.Ports;
import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.RepoPaths;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's first command, end to end: {@code ./envhub-stack up} on a fresh data directory brings up every
 * component, a demo user signs in at the frontend through Keycloak and sees their account (served by hub-backend),
 * {@code down} leaves no process behind, and a second {@code up} finds the data again.
 */
class StackIT {
    private static final List<Integer> PORTS = List.of(8080, 8081, 8082, 8083, 8180, 9000);
    private static final Pattern MEMBER_SINCE = Pattern.compile("<dt>Member since</dt><dd>([^<]+)</dd>");

    private static Path root;
    private static Path dataDir;
    private static String database;
    private static PostgresLauncher postgres;

    @BeforeAll
    static void freshStackDirectory() throws Exception {
        SharedStack.release();
        root = RepoPaths.root();
        for (int port : PORTS) {
            assertFalse(Ports.answers("127.0.0.1", port), "port " + port + " must be free for the stack test (is a stack running?)");
        }
        dataDir = Files.createTempDirectory("envhub-stack-it-");
        database = "envhub_stack_it_" + Long.toHexString(System.nanoTime());
        postgres = PostgresLauncher.ensure("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "", null, 0);
    }

    @AfterAll
    static void cleanUp() throws Exception {
        stack("down");
        postgres.dropDatabase(database);
        postgres.close();
        try (Stream<Path> paths = Files.walk(dataDir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("ENVHUB_STACK_DIR", dataDir.toString());
        env.put("ENVHUB_DB_URL", postgres.jdbcUrl(database));
        return env;
    }

    /** Runs ./envhub-stack with the given command; returns exit code and output. */
    private static Result stack(String command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(root.resolve("envhub-stack").toString(), command)
                .directory(root.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env());
        Path out = Files.createTempFile("envhub-stack-", ".out");
        pb.redirectOutput(out.toFile());
        long start = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(8, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("./envhub-stack " + command + " did not finish in 8 minutes");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        Files.delete(out);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("./envhub-stack %s: exit %d in %.1f s%n%s%n", command, p.exitValue(), seconds, text);
        return new Result(p.exitValue(), text);
    }

    private record Result(int code, String output) {
    }

    private static List<Long> recordedPids() throws IOException {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> files = Files.list(dataDir.resolve("run"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".pid")).toList()) {
                pids.add(Long.parseLong(Files.readString(f).trim()));
            }
        }
        return pids;
    }

    private static String signInAndReadMemberSince() {
        BrowserSession browser = new BrowserSession();
        HttpResponse<String> loginPage = browser.get("http://127.0.0.1:8080/login");
        assertTrue(loginPage.body().contains("kc-form-login"), "Keycloak's login page is shown");
        HttpResponse<String> account = browser.login(loginPage, "alice", "alice");
        assertEquals(200, account.statusCode());
        String body = account.body();
        assertTrue(body.contains("Signed in as <strong>Alice Liddell</strong> (alice)"), body);
        assertTrue(body.contains("<span class=\"tag\">contributor</span>"), "roles come from hub-backend: " + body);
        Matcher m = MEMBER_SINCE.matcher(body);
        assertTrue(m.find(), "the account page shows hub-backend's record: " + body);
        return m.group(1);
    }

    /** The first `up` of a data dir seeds demo environments through the real API, validated by the real validator. */
    private static void assertSeededDemoHub(String upOutput) throws Exception {
        assertTrue(upOutput.contains("seeded 7 demo environments"), upOutput);
        assertTrue(Files.exists(dataDir.resolve("demo-seeded")), "the seed marker is written");
        String validated = get("http://127.0.0.1:8081/api/v1/environments?validated=true").body();
        assertTrue(validated.contains("\"total\":6"), "six public demo environments are validated: " + validated);
        String versions = get("http://127.0.0.1:8081/api/v1/environments/alice/reverse-text/versions").body();
        // the public JSON carries the users' vocabulary only (issue 36 item 3): each version ran in the sandbox
        assertEquals(3, versions.split("\"runtimeVerified\":true", -1).length - 1, versions);
        assertFalse(versions.contains("\"status\":"), "no internal status in the public JSON: " + versions);
        assertEquals(404, Http.status("http://127.0.0.1:8081/api/v1/environments/alice/sudoku-mini"), "private stays private");
        String home = get("http://127.0.0.1:8080/").body();
        assertTrue(home.contains("/alice/reverse-text"), "the home page lists demo environments: " + home);
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void upServesEveryComponentDownStopsEverythingAndDataPersists() throws Exception {
        Result up = stack("up");
        assertEquals(0, up.code(), up.output());
        assertTrue(up.output().contains("alice / alice"), "prints the demo logins");
        assertTrue(up.output().contains("http://127.0.0.1:8080/"), "prints the URLs");

        assertEquals(200, Http.status("http://127.0.0.1:8080/"));
        for (int port : List.of(8080, 8081, 8082, 8083)) {
            assertEquals(200, Http.status("http://127.0.0.1:" + port + "/q/health/ready"), "service on " + port);
        }
        assertEquals(200, Http.status("http://127.0.0.1:8180/realms/envhub/.well-known/openid-configuration"));
        assertEquals(403, Http.status("http://127.0.0.1:9000/"), "S3Proxy answers and refuses unsigned requests");
        assertEquals(0, stack("status").code());

        assertSeededDemoHub(up.output());
        String memberSince = signInAndReadMemberSince();

        List<Long> pids = recordedPids();
        assertEquals(6, pids.size(), "one pid per component");
        assertEquals(0, stack("down").code());
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "process " + pid + " stopped");
        }
        for (int port : PORTS) {
            assertFalse(Ports.answers("127.0.0.1", port), "nothing listens on " + port + " after down");
        }
        assertEquals(1, stack("status").code(), "status says the stack is down");

        Result again = stack("up");
        assertEquals(0, again.code(), again.output());
        assertEquals(memberSince, signInAndReadMemberSince(), "the account made in the first run is still there");
        assertTrue(Files.isDirectory(dataDir.resolve("s3/envhub-artifacts")), "the bucket persists in the stack dir");
        assertEquals(0, stack("down").code());
    }
}
