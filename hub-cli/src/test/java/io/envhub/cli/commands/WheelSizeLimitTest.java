package io.envhub.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.cli.CliRun;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.http.FakeServer;
import io.envhub.contract.UploadLimits;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36, item 2: one wheel size limit. {@code envhub build} refuses a wheel over the hub's default limit (the same
 * 50 MiB the hub and the validator use), and {@code envhub push} refuses a wheel over the limit the hub publishes,
 * before uploading a byte.
 */
class WheelSizeLimitTest {
    @TempDir
    Path tmp;

    /** A package-layout project whose module holds {@code blobBytes} of incompressible data. */
    private Path project(String name, long blobBytes) throws Exception {
        Path dir = tmp.resolve(name);
        String module = name.replace('-', '_');
        Files.createDirectories(dir.resolve(module));
        Files.writeString(dir.resolve("pyproject.toml"), """
                [project]
                name = "%s"
                version = "1.0"
                description = "size limit test"
                [tool.hatch.build.targets.wheel]
                packages = ["%s"]
                """.formatted(name, module));
        Files.writeString(dir.resolve("README.md"), "# " + name + "\n");
        Files.writeString(dir.resolve(module).resolve("__init__.py"), "def load_environment(**kwargs):\n    return None\n");
        Random random = new Random(36);
        byte[] chunk = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(dir.resolve(module).resolve("blob.bin"))) {
            for (long left = blobBytes; left > 0; left -= chunk.length) {
                random.nextBytes(chunk);
                out.write(chunk, 0, (int) Math.min(left, chunk.length));
            }
        }
        return dir;
    }

    private CliRun cli(String hub) {
        return CliRun.with().env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString()).env("ENVHUB_URL", hub)
                .env("ENVHUB_TOKEN", "envhub_pat_test");
    }

    @Test
    void buildRefusesAWheelOverTheHubsDefaultLimit() throws Exception {
        Path big = project("big-env", UploadLimits.DEFAULT_MAX_WHEEL_BYTES + (1 << 20));
        CliRun.Result r = cli("http://127.0.0.1:9").run("build", big.toString());
        assertEquals(ExitCodes.LOCAL, r.exitCode(), r.toString());
        assertTrue(r.errorLine().contains("over the hub's upload limit of 50.0 MiB (52428800 bytes, ENVHUB_MAX_UPLOAD_BYTES)"),
                r.err());
        assertEquals(ExitCodes.LOCAL, cli("http://127.0.0.1:9").run("push", big.toString(), "--dry-run").exitCode());
        CliRun.Result raised = cli("http://127.0.0.1:9").run("build", big.toString(), "--max-bytes", "73400320");
        assertEquals(0, raised.exitCode(), raised.toString());
    }

    @Test
    void pushSaysValidatingLikeThePagesNotPending() throws Exception {
        // issue 36, item 9: the publish answer's internal "pending" is shown in the pages' word
        Path small = project("word-env", 1024);
        try (FakeServer hub = new FakeServer()) {
            hub.on("GET /api/v1/version", ex -> FakeServer.send(ex, 200, "application/json",
                    "{\"version\":\"9.0.0\",\"apiVersion\":2,\"maxUploadBytes\":52428800}"));
            hub.on("PUT /api/v1/environments/alice/word-env/files/word_env-1.0-py3-none-any.whl", ex -> FakeServer.send(ex, 201,
                    "application/json", "{\"owner\":\"alice\",\"name\":\"word-env\",\"version\":\"1.0\",\"status\":\"pending\"}"));
            CliRun.Result r = cli(hub.url()).run("push", small.toString(), "--owner", "alice", "--no-wait");
            assertEquals(0, r.exitCode(), r.toString());
            assertTrue(r.out().contains("Published alice/word-env 1.0 — status: validating"), r.out());
            assertFalse(r.out().contains("pending"), r.out());
        }
    }

    @Test
    void pushRefusesAWheelOverTheLimitTheHubPublishesBeforeUploading() throws Exception {
        Path small = project("small-env", 256 * 1024);
        try (FakeServer hub = new FakeServer()) {
            hub.on("GET /api/v1/version", ex -> FakeServer.send(ex, 200, "application/json",
                    "{\"version\":\"9.0.0\",\"apiVersion\":2,\"maxUploadBytes\":102400}"));
            CliRun.Result r = cli(hub.url()).run("push", small.toString(), "--owner", "alice", "--no-wait");
            assertEquals(ExitCodes.LOCAL, r.exitCode(), r.toString());
            assertTrue(r.errorLine().contains("over the hub's upload limit of 100.0 KiB (102400 bytes, ENVHUB_MAX_UPLOAD_BYTES);"
                    + " nothing was uploaded"), r.err());
            assertEquals(List.of("GET /api/v1/version"), hub.seen().stream().map(s -> s.method() + " " + s.path()).toList(),
                    "nothing but the limit was asked; no upload");
        }
    }
}
