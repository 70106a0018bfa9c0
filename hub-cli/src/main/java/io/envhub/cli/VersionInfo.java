package io.envhub.cli;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.http.HubClient;
import io.envhub.contract.api.HubVersion;
import io.envhub.contract.http.JsonHttp;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code envhub --version}: the CLI's own version and API revision, then the hub's ({@code GET /api/v1/version}, asked
 * once with a short timeout; an unreachable hub is said, not an error). When the hub speaks a newer API than this CLI
 * knows, a warning on stderr says how to update.
 */
public final class VersionInfo implements CommandLine.IVersionProvider {
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final CliContext ctx;

    /**
     * @param ctx the run's context (hub URL, streams)
     */
    public VersionInfo(CliContext ctx) {
        this.ctx = ctx;
    }

    /** This CLI's version, from the build. */
    public static String cliVersion() {
        Properties p = new Properties();
        try (InputStream in = VersionInfo.class.getResourceAsStream("envhub-cli.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        List<String> lines = new ArrayList<>();
        lines.add("envhub " + cliVersion() + " (API " + HubVersion.API_VERSION + ")");
        String hub = ctx.hubUrl();
        try {
            HubVersion remote = new JsonHttp(ctx.http(), ctx.mapper(), hub, HubClient.USER_AGENT).withTimeout(TIMEOUT)
                    .get("/api/v1/version", HubVersion.class);
            lines.add("hub " + hub + ": " + remote.version() + " (API " + remote.apiVersion() + ")");
            if (remote.apiVersion() > HubVersion.API_VERSION) {
                ctx.err().println("envhub: warning: the hub at " + hub + " speaks API " + remote.apiVersion() + ", newer than this"
                        + " CLI's API " + HubVersion.API_VERSION + "; update the CLI: curl -fsSL " + ctx.webUrl()
                        + "/cli/install.sh | sh");
            }
        } catch (IOException | RuntimeException e) {
            lines.add("hub " + hub + ": not reachable (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return lines.toArray(String[]::new);
    }
}
