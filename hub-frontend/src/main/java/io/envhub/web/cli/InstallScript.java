package io.envhub.web.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code /cli/install.sh}: the installer with this hub's URLs written in. Every URL put into the script is checked to
 * be a plain http(s) URL of safe characters first (it lands in a shell script run by whoever pipes it into sh); the
 * request's own origin is used only when it passes too (a forged Host header cannot inject shell).
 */
@ApplicationScoped
public class InstallScript {
    private static final Pattern SAFE_URL = Pattern.compile("https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?");

    private final CliConfig config;
    private final String bountyUrl;
    private final String template;

    public InstallScript(CliConfig config, io.envhub.web.WebConfig web) {
        this.config = config;
        this.bountyUrl = web.bountyUrl();
        try (InputStream in = InstallScript.class.getResourceAsStream("install.sh")) {
            this.template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The web hub's URL for a request that came to {@code requestBase}: the configured one, else the request's origin. */
    public String webUrl(URI requestBase) {
        if (config.webUrl().filter(u -> !u.isBlank()).isPresent()) {
            return safe(config.webUrl().get(), "ENVHUB_WEB_URL");
        }
        String origin = requestBase.getScheme() + "://" + requestBase.getRawAuthority();
        return SAFE_URL.matcher(origin).matches() ? origin : "http://127.0.0.1:8080";
    }

    /** The script for a visitor of {@code web}. */
    public String render(String web) {
        return template.replace("@WEB_URL@", safe(web, "the web URL"))
                .replace("@HUB_URL@", safe(config.hubUrl(), "ENVHUB_HUB_URL"))
                .replace("@KEYCLOAK_URL@", safe(config.keycloakUrl(), "ENVHUB_KEYCLOAK_PUBLIC_URL"))
                .replace("@BOUNTY_URL@", safe(bountyUrl, "ENVHUB_BOUNTY_URL"));
    }

    private static String safe(String url, String what) {
        String trimmed = url.strip().replaceAll("/+$", "");
        if (!SAFE_URL.matcher(trimmed).matches()) {
            throw new IllegalStateException(what + " is not a plain http(s) URL: " + url);
        }
        return trimmed;
    }
}
