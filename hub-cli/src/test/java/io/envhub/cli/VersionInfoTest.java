package io.envhub.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.envhub.contract.api.HubVersion;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code envhub --version}: the CLI's version from the build, the hub's, and a warning when the hub's API is newer. */
class VersionInfoTest {
    @TempDir
    Path tmp;

    /** Runs {@code envhub --version} against a hub that answers {@code GET /api/v1/version} with this API revision. */
    private CliRun.Result versionAgainst(int apiVersion) throws Exception {
        HttpServer hub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        hub.createContext("/api/v1/version", ex -> {
            byte[] body = ("{\"version\":\"9.0.0\",\"apiVersion\":" + apiVersion + "}").getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        hub.start();
        try {
            return CliRun.with().env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                    .env("ENVHUB_URL", "http://127.0.0.1:" + hub.getAddress().getPort())
                    .env("ENVHUB_WEB_URL", "https://hub.example").run("--version");
        } finally {
            hub.stop(0);
        }
    }

    @Test
    void aNewerHubApiIsWarnedAboutWithTheUpdateCommand() throws Exception {
        CliRun.Result newer = versionAgainst(HubVersion.API_VERSION + 1);
        assertEquals(0, newer.exitCode());
        assertTrue(newer.out().startsWith("envhub " + VersionInfo.cliVersion() + " (API " + HubVersion.API_VERSION + ")"),
                newer.out());
        assertTrue(newer.out().contains(": 9.0.0 (API " + (HubVersion.API_VERSION + 1) + ")"), newer.out());
        assertTrue(newer.err().contains("warning: the hub at") && newer.err().contains("newer than this CLI's API")
                && newer.err().contains("curl -fsSL https://hub.example/cli/install.sh | sh"), newer.err());

        CliRun.Result same = versionAgainst(HubVersion.API_VERSION);
        assertFalse(same.err().contains("warning"), same.err());
        assertFalse(VersionInfo.cliVersion().contains("${"), "the build filled in its version: " + VersionInfo.cliVersion());
    }

    @Test
    void anUnreachableHubIsSaidNotAnError() {
        CliRun.Result r = CliRun.with().env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                .env("ENVHUB_URL", "http://127.0.0.1:9").run("--version");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("hub http://127.0.0.1:9: not reachable"), r.out());
    }
}
