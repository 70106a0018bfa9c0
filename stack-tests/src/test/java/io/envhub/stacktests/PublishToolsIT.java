package io.envhub.stacktests;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.restassured.http.ContentType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The tools a contributor already has, against the real stack (the run's {@link SharedStack}): the CLI installed from
 * the web hub with {@code curl .../cli/install.sh | sh} into a fresh temporary HOME logs in with a personal access
 * token and pushes an environment it made with {@code envhub init}; Debian's {@code twine} uploads a wheel to
 * {@code /legacy/} that the real validator validates and pip installs from the index like any other.
 */
@OnSharedStack
class PublishToolsIT {
    private static final String U = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private static final boolean RUNNING = "true".equals(System.getenv("ENVHUB_IT_RUNNING_STACK"));
    private static final String KEYCLOAK = RUNNING && System.getenv("ENVHUB_KEYCLOAK_URL") != null
            ? System.getenv("ENVHUB_KEYCLOAK_URL") : LocalStack.KEYCLOAK;

    record Run(int exit, String output) {
    }

    static Run sh(Path home, Path dir, String command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", command).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("ENVHUB_") || k.startsWith("TWINE_") || k.startsWith("PIP_")
                || k.toLowerCase(java.util.Locale.ROOT).endsWith("_proxy") || k.equals("JAVA_HOME"));
        env.put("HOME", home.toString());
        env.put("PATH", home.resolve(".local/bin") + ":/usr/local/bin:/usr/bin:/bin");
        env.put("NO_PROXY", "127.0.0.1,localhost");
        env.put("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring");
        env.put("PIP_CONFIG_FILE", "/dev/null");
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "finished: " + command);
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    static String publishToken() {
        return given().auth().oauth2(Tokens.forUser(KEYCLOAK, "alice", "alice")).contentType(ContentType.JSON)
                .body(Map.of("name", "tools-it-" + U, "scopes", List.of("publish"), "expiresInDays", 1))
                .post(LocalStack.BACKEND + "/api/v1/tokens").then().statusCode(201).extract().path("token");
    }

    @Test
    void theCliInstalledFromTheHubLogsInWithATokenAndPushes() throws Exception {
        assertTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl (./envhub-stack test installs it)");
        Path home = Files.createTempDirectory("envhub-fresh-home-");
        Run install = sh(home, home, "curl -fsSL " + LocalStack.FRONTEND + "/cli/install.sh | sh");
        assertEquals(0, install.exit(), install.output());
        assertTrue(Files.isSymbolicLink(home.resolve(".local/bin/envhub")), install.output());
        assertTrue(Files.isRegularFile(home.resolve(".local/share/envhub/hub.env")), install.output());

        Run version = sh(home, home, "envhub --version");
        assertEquals(0, version.exit(), version.output());
        assertTrue(version.output().contains("hub " + LocalStack.BACKEND + ": ") && !version.output().contains("not reachable"),
                "the installed CLI talks to the hub it came from: " + version.output());

        String token = publishToken();
        Run login = sh(home, home, "printf '%s' '" + token + "' | envhub login --token");
        assertEquals(0, login.exit(), login.output());
        String name = "tools-" + U;
        Run init = sh(home, home, "envhub init --legacy " + name);
        assertEquals(0, init.exit(), init.output());
        Run push = sh(home, home.resolve(name), "envhub push --wait-timeout 240");
        assertEquals(0, push.exit(), push.output());
        assertTrue(push.output().contains("Status: "), "pushed and validated: " + push.output());
        given().get(LocalStack.BACKEND + "/api/v1/environments/alice/" + name).then().statusCode(200);
    }

    @Test
    void twineUploadsAWheelThatIsValidatedAndInstallsWithPip() throws Exception {
        assertTrue(Files.isExecutable(Path.of("/usr/bin/twine")), "Debian's twine (./envhub-stack test installs it)");
        Path home = Files.createTempDirectory("envhub-twine-home-");
        String name = "twine-" + U;
        TestWheels.Built wheel = TestWheels.environment(name, "1.0.0");
        Files.write(home.resolve(wheel.filename()), wheel.bytes());
        String twine = "twine upload --non-interactive --disable-progress-bar --repository-url " + LocalStack.BACKEND
                + "/legacy/ -u __token__ -p '" + publishToken() + "' " + wheel.filename();
        Run upload = sh(home, home, twine);
        assertEquals(0, upload.exit(), upload.output());
        Run again = sh(home, home, twine + " --skip-existing");
        assertEquals(0, again.exit(), again.output());
        assertTrue(again.output().contains("Skipping"), again.output());
        assertEquals("passed", HubApi.awaitValidation("alice", name, "1.0.0", Duration.ofMinutes(5)));

        Run venv = sh(home, home, "/usr/bin/python3 -m venv venv && venv/bin/python -m pip install --isolated --no-cache-dir"
                + " --disable-pip-version-check --index-url " + LocalStack.BACKEND + "/simple/alice/ " + name
                + " && venv/bin/python -c 'import " + name.replace('-', '_') + " as m; print(len(m.load_environment()[\"dataset\"]))'");
        assertEquals(0, venv.exit(), venv.output());
        assertTrue(venv.output().strip().endsWith("2"), venv.output());
    }
}
