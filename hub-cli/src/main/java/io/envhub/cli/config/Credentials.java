package io.envhub.cli.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What is stored for one hub: either a Keycloak login (refresh token, plus the current access token) or a personal
 * access token.
 *
 * @param kind {@link #KEYCLOAK} or {@link #TOKEN}
 * @param keycloakUrl Keycloak base URL the login came from (needed to refresh), or null
 * @param clientId OAuth client the tokens belong to, or null
 * @param refreshToken Keycloak refresh (offline) token, or null
 * @param accessToken current Keycloak access token, or null
 * @param accessTokenExpiresAt epoch second the access token expires, or 0
 * @param personalToken the {@code envhub_...} token, or null
 * @param username who signed in, as the hub knows them, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Credentials(String kind, String keycloakUrl, String clientId, String refreshToken, String accessToken,
                          long accessTokenExpiresAt, String personalToken, String username) {
    /** A Keycloak device login. */
    public static final String KEYCLOAK = "keycloak";
    /** A personal access token. */
    public static final String TOKEN = "token";

    /**
     * A stored personal access token.
     *
     * @param token the secret
     * @param username its user
     * @return credentials
     */
    public static Credentials personal(String token, String username) {
        return new Credentials(TOKEN, null, null, null, null, 0, token, username);
    }

    /**
     * Whether these are a Keycloak login.
     *
     * @return true for {@link #KEYCLOAK}
     */
    @JsonIgnore
    public boolean isKeycloak() {
        return KEYCLOAK.equals(kind);
    }

    /**
     * Returns a copy with fresh Keycloak tokens.
     *
     * @param access access token
     * @param expiresAt its expiry (epoch seconds)
     * @param refresh refresh token (Keycloak may rotate it); null keeps the old one
     * @return the copy
     */
    public Credentials withTokens(String access, long expiresAt, String refresh) {
        return new Credentials(kind, keycloakUrl, clientId, refresh == null ? refreshToken : refresh, access, expiresAt,
                personalToken, username);
    }

    /**
     * Returns a copy with the user name.
     *
     * @param name user name
     * @return the copy
     */
    public Credentials withUsername(String name) {
        return new Credentials(kind, keycloakUrl, clientId, refreshToken, accessToken, accessTokenExpiresAt, personalToken, name);
    }
}
