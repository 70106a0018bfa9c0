package io.envhub.web.cli;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** Where the hub's CLI downloads are and which hub the installed CLI talks to by default. */
@ConfigMapping(prefix = "envhub.cli")
public interface CliConfig {
    /**
     * Directory holding the CLI's distributions as the build makes them (hub-cli/target: {@code envhub-cli.tar.gz} and,
     * where the build could link a runtime, {@code envhub-cli-linux-x86_64.tar.gz}) (ENVHUB_CLI_DIST_DIR). Unset or
     * empty: the /cli page says this hub has no CLI to download.
     */
    Optional<String> distDir();

    /**
     * The hub API URL the installed CLI uses by default (its ENVHUB_URL) (ENVHUB_HUB_URL, as the backend's public URL).
     */
    @WithDefault("http://127.0.0.1:8081")
    String hubUrl();

    /** The Keycloak URL the installed CLI signs in with (ENVHUB_KEYCLOAK_PUBLIC_URL, else ENVHUB_KEYCLOAK_URL). */
    @WithDefault("http://127.0.0.1:8180")
    String keycloakUrl();

    /**
     * This web hub's public URL, written into install.sh (ENVHUB_WEB_URL). Unset: the URL the request came to, when it
     * is a plain http(s) origin.
     */
    Optional<String> webUrl();
}
