package io.envhub.cli;

import io.envhub.cli.core.ExitCodes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.cli.build.BuildResult;
import io.envhub.cli.build.WheelBuilder;
import io.envhub.cli.http.FakeServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pull against a scripted hub and object store: version choice, redirect without credentials, sha256 verification. */
class PullTest {
    @TempDir
    Path tmp;

    @Test
    void pullsTheLatestUnyankedVersionVerifiesAndExtracts() throws Exception {
        BuildResult built = build();
        byte[] wheel = Files.readAllBytes(built.wheel());
        try (FakeServer hub = new FakeServer(); FakeServer store = new FakeServer()) {
            routes(hub, store, built, built.sha256(), wheel);
            CliRun.Result r = CliRun.with().env("ENVHUB_URL", hub.url()).env("ENVHUB_TOKEN", "envhub_secret")
                    .env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                    .run("pull", "alice/fx-env", "-o", tmp.resolve("out").toString(), "--extract");
            assertEquals(0, r.exitCode(), r.toString());
            Path got = tmp.resolve("out").resolve(built.filename());
            assertTrue(Files.exists(got));
            assertEquals(built.sha256(), io.envhub.format.hash.Sha256.hex(io.envhub.format.hash.Sha256.digest(Files.readAllBytes(got))));
            assertTrue(Files.exists(tmp.resolve("out/fx_env-0.2.0/fx_env.py")), r.toString());
            assertTrue(Files.exists(tmp.resolve("out/fx_env-0.2.0/fx_env-0.2.0.dist-info/RECORD")));
            assertTrue(r.out().contains("sha256 verified"), r.out());
            FakeServer.Seen download = hub.seen().stream().filter(s -> s.path().endsWith("/download")).findFirst().orElseThrow();
            assertEquals("/api/v1/environments/alice/fx-env/versions/0.2.0/download", download.path());
            assertEquals("Bearer envhub_secret", download.authorization());
            assertNull(store.seen().get(0).authorization(), "no credentials to the object store");
        }
    }

    @Test
    void hashMismatchDeletesTheFileAndExitsFour() throws Exception {
        BuildResult built = build();
        byte[] wheel = Files.readAllBytes(built.wheel());
        String wrong = "0".repeat(64);
        try (FakeServer hub = new FakeServer(); FakeServer store = new FakeServer()) {
            routes(hub, store, built, wrong, wheel);
            CliRun.Result r = CliRun.with().env("ENVHUB_URL", hub.url()).env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                    .run("pull", "alice/fx-env@0.2.0", "-o", tmp.resolve("out").toString());
            assertEquals(ExitCodes.LOCAL, r.exitCode(), r.toString());
            assertTrue(r.errorLine().startsWith("envhub: sha256 mismatch for fx_env-0.2.0-py3-none-any.whl: the hub recorded " + wrong),
                    r.errorLine());
            try (var files = Files.list(tmp.resolve("out"))) {
                assertFalse(files.findAny().isPresent(), "nothing is left behind");
            }
        }
    }

    private BuildResult build() throws Exception {
        Path dir = tmp.resolve("fx");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pyproject.toml"), "[project]\nname = \"fx-env\"\nversion = \"0.2.0\"\n");
        Files.writeString(dir.resolve("fx_env.py"), "def load_environment(**kw):\n    return None\n");
        return WheelBuilder.build(dir, tmp.resolve("built"));
    }

    private static void routes(FakeServer hub, FakeServer store, BuildResult built, String sha, byte[] wheel) {
        String base = "/api/v1/environments/alice/fx-env/versions";
        String item = "{\"version\":\"%s\",\"status\":\"validated\",\"yanked\":%s,\"filename\":\"" + built.filename() + "\",\"size\":"
                + wheel.length + ",\"sha256\":\"" + sha + "\"}";
        hub.on("GET " + base, ex -> FakeServer.send(ex, 200, "application/json", "[" + item.formatted("0.3.0", "true") + ","
                + item.formatted("0.2.0", "false") + "," + item.formatted("0.1.0", "false") + ","
                + item.formatted("0.4.0rc1", "false") + "]"));
        hub.on("GET " + base + "/0.2.0", ex -> FakeServer.send(ex, 200, "application/json", item.formatted("0.2.0", "false")));
        hub.on("GET " + base + "/0.2.0/download", ex -> {
            ex.getResponseHeaders().set("Location", store.url() + "/bucket/obj?X-Amz-Signature=abc");
            ex.sendResponseHeaders(302, -1);
            ex.close();
        });
        store.on("GET /bucket/obj", ex -> FakeServer.send(ex, 200, "application/octet-stream", wheel));
    }
}
