package io.envhub.cli.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.CliRun;
import io.envhub.cli.EnvhubCli;
import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code envhub login} through the real Keycloak device flow, with the browser's part played over HTTP. */
@ExtendWith(HubBackendExtension.class)
class DeviceLoginIT {
    private static final Pattern PAGE = Pattern.compile("(https?://\\S+user_code=\\S+)");
    private static final Pattern HIDDEN_CODE = Pattern.compile("name=\"code\"\\s+value=\"([^\"]+)\"|value=\"([^\"]+)\"\\s+name=\"code\"");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void deviceLoginStoresARefreshTokenRefreshesSilentlyAndLogsOut(HubBackend hub) throws Exception {
        Path config = tmp.resolve("config");
        Map<String, String> env = Map.of("ENVHUB_URL", hub.url(), "ENVHUB_KEYCLOAK_URL", KeycloakTestResource.baseUrl(),
                "ENVHUB_CONFIG_DIR", config.toString(), "PATH", System.getenv().getOrDefault("PATH", "/usr/bin"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliContext ctx = new CliContext(env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(new byte[0]), false);
        CompletableFuture<Integer> login = CompletableFuture.supplyAsync(() -> EnvhubCli.execute(ctx, "login"));

        String page = awaitPage(out, login);
        BrowserSession browser = new BrowserSession();
        HttpResponse<String> shown = browser.get(page);
        HttpResponse<String> afterLogin = browser.login(shown, "alice", "alice");
        if (afterLogin.body().contains("name=\"accept\"")) {
            Matcher m = HIDDEN_CODE.matcher(afterLogin.body());
            assertTrue(m.find(), "consent form without a code: " + afterLogin.body());
            String code = m.group(1) != null ? m.group(1) : m.group(2);
            String action = afterLogin.uri().resolve(BrowserSession.firstFormAction(afterLogin.body())).toString();
            afterLogin = browser.postForm(action, Map.of("code", code, "accept", "Yes"));
        }
        assertEquals(200, afterLogin.statusCode(), afterLogin.body());

        int code = login.get(90, TimeUnit.SECONDS);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, printed + err.toString(StandardCharsets.UTF_8));
        assertTrue(printed.contains("Signed in to " + hub.url() + " as alice (refresh token stored in "), printed);

        Path file = config.resolve("credentials");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(config)));
        JsonNode stored = JSON.readTree(file.toFile()).path("hubs").path(hub.url());
        assertEquals("keycloak", stored.path("kind").asText());
        assertEquals("alice", stored.path("username").asText());
        String refresh = stored.path("refreshToken").asText(null);
        assertNotNull(refresh);

        CliRun cli = CliRun.with().env("ENVHUB_CONFIG_DIR", config.toString());
        JsonNode me = JSON.readTree(cli.run("whoami", "--json").out());
        assertEquals("alice", me.path("username").asText());
        assertEquals("keycloak", me.path("authentication").asText());

        // an expired access token is refreshed silently and the new one is stored
        ObjectNode root = (ObjectNode) JSON.readTree(file.toFile());
        String oldAccess = stored.path("accessToken").asText();
        ((ObjectNode) root.path("hubs").path(hub.url())).put("accessTokenExpiresAt", 0);
        Files.writeString(file, JSON.writeValueAsString(root));
        CliRun.Result again = cli.run("whoami");
        assertEquals(0, again.exitCode(), again.toString());
        JsonNode refreshed = JSON.readTree(file.toFile()).path("hubs").path(hub.url());
        assertNotEquals(oldAccess, refreshed.path("accessToken").asText());
        assertTrue(refreshed.path("accessTokenExpiresAt").asLong() > Instant.now().getEpochSecond());

        // a device login may create personal tokens
        CliRun.Result token = cli.run("token", "create", "--name", "from-device", "--scope", "read");
        assertEquals(0, token.exitCode(), token.toString());

        CliRun.Result logout = cli.run("logout");
        assertEquals(0, logout.exitCode(), logout.toString());
        assertTrue(logout.out().contains("refresh token revoked"), logout.out());
        assertFalse(Files.exists(file));
        assertEquals(400, refreshStatus(refreshed.path("refreshToken").asText()), "the refresh token was revoked");
        assertEquals(3, cli.run("whoami").exitCode());
    }

    private static String awaitPage(ByteArrayOutputStream out, CompletableFuture<Integer> login) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            Matcher m = PAGE.matcher(out.toString(StandardCharsets.UTF_8));
            if (m.find()) {
                return m.group(1);
            }
            if (login.isDone()) {
                throw new AssertionError("login ended early with " + login.get() + ": " + out.toString(StandardCharsets.UTF_8));
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no verification page printed: " + out.toString(StandardCharsets.UTF_8));
    }

    private static int refreshStatus(String refreshToken) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create(Tokens.tokenEndpoint()))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(Tokens.formBody(Map.of("grant_type", "refresh_token",
                        "refresh_token", refreshToken, "client_id", "envhub-cli")))).build();
        return HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
