package io.envhub.registry.index;

import io.envhub.testprereq.Prerequisites;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Downloads are counted and redirected; real pip installs from the index, skipping yanked versions unless pinned. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class IndexInstallTest {
    static TestWheels.Built latest;
    static TestWheels.Built yankedWheel;
    static boolean yanked;

    @Inject
    EntityManager em;

    @TestHTTPResource("/")
    URL base;

    @BeforeEach
    void environments() {
        IndexFixtures.pushed("pip-demo", "1.0", null);
        latest = IndexFixtures.pushed("pip-demo", "1.1", null);
        yankedWheel = IndexFixtures.pushed("pip-demo", "2.0", null);
        if (!yanked) {
            IndexFixtures.yank("pip-demo", "2.0", "reward always 1.0");
            yanked = true;
        }
    }

    @Test
    void aDownloadIsCountedAndRedirectedToThePresignedObject() throws Exception {
        TestWheels.Built wheel = IndexFixtures.pushed("count-demo", "1.0", null);
        long before = total("count-demo");
        long todayBefore = today("count-demo");
        String location = given().redirects().follow(false).get("/simple/alice/count-demo/" + wheel.filename()).then()
                .statusCode(302).header("Cache-Control", "no-store").extract().header("Location");
        assertTrue(location.contains("X-Amz-Signature=") && location.contains("X-Amz-Expires=300"), location);
        HttpResponse<byte[]> object = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(location)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, object.statusCode());
        assertArrayEquals(wheel.bytes(), object.body(), "the presigned URL serves the pushed bytes");
        given().redirects().follow(false).head("/simple/alice/count-demo/" + wheel.filename()).then().statusCode(302);
        assertEquals(before + 1, total("count-demo"), "environments.download_count moved once (HEAD is not a download)");
        assertEquals(todayBefore + 1, today("count-demo"), "today's downloads_daily row moved once");
    }

    @Test
    void concurrentDownloadsAreAllCounted() throws Exception {
        TestWheels.Built wheel = IndexFixtures.pushed("count-demo", "1.0", null);
        long before = total("count-demo");
        long todayBefore = today("count-demo");
        var pool = java.util.concurrent.Executors.newFixedThreadPool(16);
        List<java.util.concurrent.Future<Integer>> results = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            results.add(pool.submit(() -> given().redirects().follow(false)
                    .get("/simple/alice/count-demo/" + wheel.filename()).then().extract().statusCode()));
        }
        for (var result : results) {
            assertEquals(302, result.get());
        }
        pool.shutdown();
        assertEquals(before + 64, total("count-demo"), "no lost update");
        assertEquals(todayBefore + 64, today("count-demo"));
    }

    @Test
    void pipInstallsTheNewestNonYankedVersionAndTheYankedOneOnlyWhenPinned() throws Exception {
        String python = pythonWithPip();
        String index = "http://127.0.0.1:" + base.getPort() + "/simple/alice/";
        long before = total("pip-demo");

        Path plain = Files.createTempDirectory("envhub-pip-");
        try {
            Result r = run(List.of(python, "-m", "pip", "install", "-v", "--isolated", "--no-cache-dir",
                    "--disable-pip-version-check", "--index-url", index, "--no-deps", "--target", plain.toString(), "pip-demo"),
                    Map.of());
            assertEquals(0, r.exit(), r.output());
            assertTrue(r.output().contains("pip_demo-1.1-py3-none-any.whl.metadata"), "pip used the PEP 658 metadata: " + r.output());
            assertTrue(Files.isRegularFile(plain.resolve("pip_demo.py")), r.output());
            assertTrue(Files.isDirectory(plain.resolve("pip_demo-1.1.dist-info")), "the newest non-yanked version: " + r.output());
            Result imported = run(List.of(python, "-c", "import pip_demo; env = pip_demo.load_environment(); "
                    + "print(len(env['dataset']))"), Map.of("PYTHONPATH", plain.toString()));
            assertEquals(0, imported.exit(), imported.output());
            assertEquals("2", imported.output().strip());
        } finally {
            delete(plain);
        }

        Path pinned = Files.createTempDirectory("envhub-pip-");
        try {
            Result r = run(List.of(python, "-m", "pip", "install", "--isolated", "--no-cache-dir", "--disable-pip-version-check",
                    "--index-url", index, "--no-deps", "--target", pinned.toString(), "pip-demo==2.0"), Map.of());
            assertEquals(0, r.exit(), r.output());
            assertTrue(Files.isDirectory(pinned.resolve("pip_demo-2.0.dist-info")), r.output());
            assertTrue(r.output().contains("yanked") && r.output().contains("reward always 1.0"),
                    "pip warns with the yank reason: " + r.output());
        } finally {
            delete(pinned);
        }
        assertEquals(before + 2, total("pip-demo"), "each install downloaded the wheel once, through the counted redirect");
    }

    long total(String env) {
        em.clear();
        return ((Number) em.createNativeQuery("SELECT download_count FROM hub.environments WHERE name = ?1")
                .setParameter(1, env).getSingleResult()).longValue();
    }

    long today(String env) {
        List<?> rows = em.createNativeQuery("SELECT d.count FROM hub.downloads_daily d JOIN hub.environments e"
                        + " ON e.id = d.environment_id WHERE e.name = ?1 AND d.day = ?2")
                .setParameter(1, env).setParameter(2, LocalDate.now(ZoneOffset.UTC)).getResultList();
        return rows.isEmpty() ? 0 : ((Number) rows.get(0)).longValue();
    }

    /** python3 with pip (the default one, else Debian's); skips the test when no pip is installed at all. */
    /**
     * Debian 12's own pip (23.0.1, what `apt-get install python3-pip` gives) reads the JSON index too: it crashed on the
     * hash of the old {@code dist-info-metadata} key, which the index no longer sends (PEP 714).
     */
    @Test
    void debianSystemPipInstallsFromTheIndex() throws Exception {
        String system = "/usr/bin/python3";
        boolean hasPip = Files.isExecutable(Path.of(system)) && run(List.of(system, "-m", "pip", "--version"), Map.of()).exit() == 0;
        if (!hasPip) {
            assertFalse("true".equals(System.getenv("CI")), "CI has Debian's python3-pip (./envhub-stack test installs it)");
            Prerequisites.require(false, "Debian's python3-pip");
        }
        Path target = Files.createTempDirectory("envhub-pip-");
        try {
            Result r = run(List.of(system, "-m", "pip", "install", "--isolated", "--no-cache-dir", "--disable-pip-version-check",
                    "--index-url", "http://127.0.0.1:" + base.getPort() + "/simple/alice/", "--no-deps", "--target",
                    target.toString(), "pip-demo"), Map.of());
            assertEquals(0, r.exit(), r.output());
            assertTrue(Files.isDirectory(target.resolve("pip_demo-1.1.dist-info")), r.output());
        } finally {
            delete(target);
        }
    }

    static String pythonWithPip() throws Exception {
        for (String candidate : List.of("python3", "/usr/bin/python3")) {
            try {
                if (run(List.of(candidate, "-m", "pip", "--version"), Map.of()).exit() == 0) {
                    return candidate;
                }
            } catch (IOException e) {
                // not installed: try the next one
                continue;
            }
        }
        Prerequisites.require(false, "python3 with pip");
        return null;
    }

    record Result(int exit, String output) {
    }

    /** Runs a command with pip isolated from the machine's configuration (and from any proxy), output merged. */
    static Result run(List<String> command, Map<String, String> extraEnv) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        for (String proxy : List.of("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy",
                "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS")) {
            env.remove(proxy);
        }
        env.put("PIP_CONFIG_FILE", "/dev/null");
        env.put("PIP_NO_INPUT", "1");
        env.put("NO_PROXY", "127.0.0.1,localhost");
        env.putAll(extraEnv);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "timed out: " + new String(out, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    static void delete(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
