package io.envhub.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.cli.build.Python;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.http.FakeServer;
import io.envhub.format.hash.Sha256;
import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.TestWheels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code envhub install} resolves through the environments-hub lookup (as vf-install does), then runs real pip with the
 * hub's index as {@code --extra-index-url} into a fresh venv; a personal access token reaches pip's index requests but
 * never pip's command line, and never the object store behind the download redirect.
 */
class InstallTest {
    private static final String TOKEN = "envhub_install_secret";

    @TempDir
    Path tmp;

    @Test
    void resolvesLatestThenPipInstallsThePinnedVersionWithTheTokenOffTheCommandLine() throws Exception {
        Prerequisites.require(Python.available(), "python3 with pip");
        TestWheels.Built wheel = TestWheels.environment("fx-env", "0.2");
        Path venv = venv();
        try (FakeServer hub = new FakeServer(); FakeServer store = new FakeServer()) {
            routes(hub, store, wheel, true);
            Path empty = Files.createDirectories(tmp.resolve("empty-index"));
            CliRun.Result r = CliRun.with().env("ENVHUB_URL", hub.url()).env("ENVHUB_TOKEN", TOKEN)
                    .env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                    .run("install", "alice/fx-env", "--python", venv.resolve("bin/python").toString(), "--", "--isolated",
                            "--index-url", empty.toUri().toString(), "--no-deps");
            assertEquals(0, r.exitCode(), r.toString());
            assertEquals("0.2", python(venv, "import importlib.metadata as m; print(m.version('fx-env'))"));
            assertEquals("/api/v1/environmentshub/alice/fx-env/%40latest", hub.seen().get(0).path());
            assertTrue(r.out().contains("--extra-index-url " + hub.url().replace("http://", "http://__token__:****@")
                    + "/simple/alice/ fx-env==0.2"), r.toString());
            assertTrue(!r.out().contains(TOKEN) && !r.err().contains(TOKEN), "the token is never printed: " + r);
            String basic = "Basic " + Base64.getEncoder().encodeToString(("__token__:" + TOKEN).getBytes(StandardCharsets.UTF_8));
            assertTrue(hub.seen().stream().anyMatch(s -> s.path().startsWith("/simple/alice/fx-env/") && basic.equals(s.authorization())),
                    "pip sent the token to the hub's index: " + hub.seen());
            assertNull(store.seen().get(0).authorization(), "no credentials to the object store");
            try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
                assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith("envhub-install-")
                        && p.toFile().lastModified() > System.currentTimeMillis() - 600_000 && containsToken(p)),
                        "the private requirements file is removed");
            }
        }
    }

    @Test
    void withoutATokenTheIndexGoesOnTheCommandLine() throws Exception {
        Prerequisites.require(Python.available(), "python3 with pip");
        TestWheels.Built wheel = TestWheels.environment("fx-env", "0.2");
        Path venv = venv();
        try (FakeServer hub = new FakeServer(); FakeServer store = new FakeServer()) {
            routes(hub, store, wheel, false);
            Path empty = Files.createDirectories(tmp.resolve("empty-index"));
            CliRun.Result r = CliRun.with().env("ENVHUB_URL", hub.url()).env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                    .run("install", "alice/fx-env@0.2", "--python", venv.resolve("bin/python").toString(), "--", "--isolated",
                            "--index-url", empty.toUri().toString(), "--no-deps");
            assertEquals(0, r.exitCode(), r.toString());
            assertEquals("/api/v1/environmentshub/alice/fx-env/%400.2", hub.seen().get(0).path());
            assertTrue(r.out().contains("-m pip install --extra-index-url " + hub.url() + "/simple/alice/ fx-env==0.2"), r.toString());
            assertEquals("0.2", python(venv, "import importlib.metadata as m; print(m.version('fx-env'))"));
        }
    }

    @Test
    void aVersionTheIndexDoesNotServeIsOneReadableLine() throws Exception {
        try (FakeServer hub = new FakeServer()) {
            hub.on("GET /api/v1/environmentshub/alice/fx-env/%400.3", ex -> FakeServer.send(ex, 404, "application/problem+json",
                    "{\"type\":\"https://envhub.dev/problems/not-found\",\"title\":\"Not found\",\"status\":404,"
                            + "\"detail\":\"Version 0.3 of alice/fx-env is not on the package index: its status is "
                            + "failed (only versions that passed validation install).\"}"));
            CliRun.Result r = CliRun.with().env("ENVHUB_URL", hub.url()).env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                    .run("install", "alice/fx-env@0.3");
            assertEquals(ExitCodes.REFUSED, r.exitCode(), r.toString());
            assertEquals("envhub: Version 0.3 of alice/fx-env is not on the package index: its status is failed "
                    + "(only versions that passed validation install)", r.errorLine());
        }
    }

    private static boolean containsToken(Path dir) {
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).anyMatch(f -> {
                try {
                    return Files.readString(f).contains(TOKEN);
                } catch (java.io.IOException e) {
                    return false;
                }
            });
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The hub's lookup, its index page (asking for the token when {@code needsToken}) and a redirect to the store. */
    private static void routes(FakeServer hub, FakeServer store, TestWheels.Built wheel, boolean needsToken) {
        String sha = Sha256.hex(Sha256.digest(wheel.bytes()));
        String data = "{\"data\":{\"owner\":\"alice\",\"name\":\"fx-env\",\"version\":\"0.2\",\"visibility\":\"%s\","
                + "\"simple_index_url\":\"" + hub.url() + "/simple/alice/\",\"wheel_url\":\"" + hub.url() + "/simple/alice/fx-env/"
                + wheel.filename() + "\",\"filename\":\"" + wheel.filename() + "\",\"sha256\":\"" + sha + "\",\"yanked\":false,"
                + "\"package_name\":\"fx_env\"}}";
        String visibility = needsToken ? "PRIVATE" : "PUBLIC";
        for (String v : List.of("%40latest", "%400.2")) {
            hub.on("GET /api/v1/environmentshub/alice/fx-env/" + v,
                    ex -> FakeServer.send(ex, 200, "application/json", data.formatted(visibility)));
        }
        String expected = "Basic " + Base64.getEncoder().encodeToString(("__token__:" + TOKEN).getBytes(StandardCharsets.UTF_8));
        hub.on("GET /simple/alice/fx-env/", ex -> {
            if (needsToken && !expected.equals(ex.getRequestHeaders().getFirst("Authorization"))) {
                ex.getResponseHeaders().set("WWW-Authenticate", "Basic realm=\"envhub\"");
                FakeServer.send(ex, 401, "text/plain", "sign in");
                return;
            }
            FakeServer.send(ex, 200, "text/html", "<!DOCTYPE html><html><body><a href=\"/simple/alice/fx-env/" + wheel.filename()
                    + "#sha256=" + sha + "\">" + wheel.filename() + "</a></body></html>");
        });
        hub.on("GET /simple/alice/fx-env/" + wheel.filename(), ex -> {
            ex.getResponseHeaders().set("Location", store.url() + "/bucket/obj?X-Amz-Signature=abc");
            ex.sendResponseHeaders(302, -1);
            ex.close();
        });
        store.on("GET /bucket/obj", ex -> FakeServer.send(ex, 200, "application/octet-stream", wheel.bytes()));
    }

    private Path venv() throws Exception {
        Path dir = tmp.resolve("venv");
        Process p = new ProcessBuilder("python3", "-m", "venv", dir.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        return dir;
    }

    private static String python(Path venv, String code) throws Exception {
        Process p = new ProcessBuilder(venv.resolve("bin/python").toString(), "-c", code).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        return out.strip();
    }
}
