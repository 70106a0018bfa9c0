package io.envhub.cli.auth;

import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.config.Credentials;
import io.envhub.cli.http.HubClient;
import io.envhub.cli.http.Sleeper;
import java.time.Instant;
import java.util.Optional;

/**
 * Who the CLI calls the hub as: {@code ENVHUB_TOKEN} when set (a personal access token or any bearer token, for
 * CI), else the stored credentials of the hub. A Keycloak login's access token is refreshed silently when it is
 * about to expire (and once more after a 401), and the rotated refresh token is stored.
 */
public final class Session implements HubClient.Auth {
    private static final long EXPIRY_MARGIN_SECONDS = 30;

    private final SessionSource ctx;
    private Credentials current;
    private boolean loaded;

    /**
     * Creates the session.
     *
     * @param ctx the command's context
     */
    public Session(SessionSource ctx) {
        this.ctx = ctx;
    }

    /**
     * Whether {@code ENVHUB_TOKEN} is in charge.
     *
     * @return true when the variable is set
     */
    public boolean fromEnvironment() {
        String t = ctx.env().get("ENVHUB_TOKEN");
        return t != null && !t.isBlank();
    }

    /**
     * The stored credentials of the current hub.
     *
     * @return credentials, if any
     */
    public Optional<Credentials> stored() {
        if (!loaded) {
            current = ctx.credentials().load(ctx.hubUrl()).orElse(null);
            loaded = true;
        }
        return Optional.ofNullable(current);
    }

    /**
     * Whether any credentials are available.
     *
     * @return true when a token is set or stored
     */
    public boolean signedIn() {
        return fromEnvironment() || stored().isPresent();
    }

    /**
     * A personal access token usable with the package index ({@code __token__} Basic credentials), if the session
     * has one.
     *
     * @return the {@code envhub_...} token
     */
    public Optional<String> personalToken() {
        if (fromEnvironment()) {
            String t = ctx.env().get("ENVHUB_TOKEN").strip();
            return t.startsWith("envhub_") ? Optional.of(t) : Optional.empty();
        }
        return stored().filter(c -> Credentials.TOKEN.equals(c.kind())).map(Credentials::personalToken);
    }

    @Override
    public Optional<String> authorization() {
        if (fromEnvironment()) {
            return Optional.of("Bearer " + ctx.env().get("ENVHUB_TOKEN").strip());
        }
        Optional<Credentials> c = stored();
        if (c.isEmpty()) {
            return Optional.empty();
        }
        Credentials creds = c.get();
        if (!creds.isKeycloak()) {
            return Optional.ofNullable(creds.personalToken()).map(t -> "Bearer " + t);
        }
        if (creds.accessToken() == null || creds.accessTokenExpiresAt() - EXPIRY_MARGIN_SECONDS < Instant.now().getEpochSecond()) {
            creds = refresh(creds);
        }
        return Optional.of("Bearer " + creds.accessToken());
    }

    @Override
    public boolean refreshAfterUnauthorized() {
        if (fromEnvironment()) {
            return false;
        }
        Optional<Credentials> c = stored();
        if (c.isEmpty() || !c.get().isKeycloak()) {
            return false;
        }
        refresh(c.get());
        return true;
    }

    private Credentials refresh(Credentials creds) {
        if (creds.refreshToken() == null) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "your login has no refresh token — run `envhub login` again");
        }
        String kcUrl = creds.keycloakUrl() != null ? creds.keycloakUrl() : ctx.keycloakUrl();
        KeycloakClient kc = new KeycloakClient(kcUrl, ctx.http(), ctx.mapper(), Sleeper.REAL);
        KeycloakClient.TokenSet t = kc.refresh(creds.refreshToken());
        Credentials next = creds.withTokens(t.accessToken(), t.expiresAt(), t.refreshToken());
        ctx.credentials().save(ctx.hubUrl(), next, false);
        current = next;
        return next;
    }

    /** Forgets what was loaded (after login or logout). */
    public void reload() {
        loaded = false;
        current = null;
    }
}
