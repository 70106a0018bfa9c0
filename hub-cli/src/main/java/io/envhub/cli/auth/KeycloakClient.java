package io.envhub.cli.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.http.HubClient;
import io.envhub.cli.http.Sleeper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The OAuth 2.0 endpoints of the Keycloak realm {@code envhub} that the CLI uses with its public client
 * {@code envhub-cli}: the device authorization grant (RFC 8628), refresh, and revocation.
 */
public final class KeycloakClient {
    /** The CLI's public client. */
    public static final String CLIENT_ID = "envhub-cli";
    /** The realm of every EnvHub token. */
    public static final String REALM = "envhub";

    private final String baseUrl;
    private final HttpClient http;
    private final ObjectMapper mapper;
    private final Sleeper sleeper;

    /**
     * A device authorization: what the user must confirm in a browser.
     *
     * @param deviceCode secret code the CLI polls with
     * @param userCode code the user checks on the page
     * @param verificationUri page to open
     * @param verificationUriComplete page with the code filled in (may be null)
     * @param expiresIn seconds until the codes expire
     * @param interval seconds between polls
     */
    public record DeviceAuthorization(String deviceCode, String userCode, String verificationUri,
                                      String verificationUriComplete, long expiresIn, long interval) {
        /** The page to open: the complete one when offered. */
        public String pageToOpen() {
            return verificationUriComplete != null ? verificationUriComplete : verificationUri;
        }
    }

    /**
     * Tokens from the token endpoint.
     *
     * @param accessToken access token
     * @param refreshToken refresh token, or null
     * @param expiresAt epoch second the access token expires
     * @param scope granted scopes
     */
    public record TokenSet(String accessToken, String refreshToken, long expiresAt, String scope) {
    }

    /**
     * Creates a client.
     *
     * @param baseUrl Keycloak base URL, e.g. {@code http://127.0.0.1:8180}
     * @param http HTTP client
     * @param mapper JSON mapper
     * @param sleeper how to wait between polls
     */
    public KeycloakClient(String baseUrl, HttpClient http, ObjectMapper mapper, Sleeper sleeper) {
        this.baseUrl = baseUrl;
        this.http = http;
        this.mapper = mapper;
        this.sleeper = sleeper;
    }

    /** The Keycloak base URL. */
    public String baseUrl() {
        return baseUrl;
    }

    private String endpoint(String last) {
        return baseUrl + "/realms/" + REALM + "/protocol/openid-connect/" + last;
    }

    /**
     * Starts a device login, asking for an offline (long-lived) refresh token, or a plain one when the client may
     * not have offline tokens.
     *
     * @return the codes to show
     */
    public DeviceAuthorization startDeviceLogin() {
        Answer a = post(endpoint("auth/device"), Map.of("client_id", CLIENT_ID, "scope", "openid offline_access"));
        if (a.status() == 400 && "invalid_scope".equals(a.error())) {
            a = post(endpoint("auth/device"), Map.of("client_id", CLIENT_ID, "scope", "openid"));
        }
        if (a.status() != 200) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "Keycloak at " + baseUrl + " refused the device login ("
                    + a.describe() + ") — check --keycloak-url / ENVHUB_KEYCLOAK_URL");
        }
        JsonNode n = a.body();
        return new DeviceAuthorization(n.path("device_code").asText(), n.path("user_code").asText(),
                n.path("verification_uri").asText(), n.hasNonNull("verification_uri_complete")
                ? n.get("verification_uri_complete").asText() : null,
                n.path("expires_in").asLong(600), Math.max(1, n.path("interval").asLong(5)));
    }

    /**
     * Polls the token endpoint until the user confirms, honouring {@code interval} and {@code slow_down}.
     *
     * @param auth the device authorization
     * @return the tokens
     * @throws CliException (exit 3) when the user denies, or the codes expire
     */
    public TokenSet awaitDeviceLogin(DeviceAuthorization auth) {
        long interval = auth.interval();
        Instant deadline = Instant.now().plusSeconds(auth.expiresIn());
        while (Instant.now().isBefore(deadline)) {
            pause(Duration.ofSeconds(interval));
            Answer a = post(endpoint("token"), Map.of("grant_type", "urn:ietf:params:oauth:grant-type:device_code",
                    "device_code", auth.deviceCode(), "client_id", CLIENT_ID));
            if (a.status() == 200) {
                return tokens(a.body());
            }
            String error = a.error();
            if ("authorization_pending".equals(error)) {
                continue;
            }
            if ("slow_down".equals(error)) {
                interval += 5;
                continue;
            }
            if ("access_denied".equals(error)) {
                throw new CliException(ExitCodes.NETWORK_OR_AUTH, "the login was denied in the browser — run `envhub login` to try again");
            }
            if ("expired_token".equals(error)) {
                break;
            }
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "Keycloak refused the login (" + a.describe() + ")");
        }
        throw new CliException(ExitCodes.NETWORK_OR_AUTH, "the login code expired before it was confirmed — run `envhub login` again");
    }

    /**
     * Exchanges a refresh token for fresh tokens.
     *
     * @param refreshToken the stored refresh token
     * @return the tokens
     * @throws CliException (exit 3) when the login expired or was revoked
     */
    public TokenSet refresh(String refreshToken) {
        Answer a = post(endpoint("token"), Map.of("grant_type", "refresh_token", "refresh_token", refreshToken,
                "client_id", CLIENT_ID));
        if (a.status() == 200) {
            return tokens(a.body());
        }
        if ("invalid_grant".equals(a.error())) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "your login expired or was revoked — run `envhub login` again");
        }
        throw new CliException(ExitCodes.NETWORK_OR_AUTH, "Keycloak did not refresh your login (" + a.describe()
                + ") — run `envhub login` again");
    }

    /**
     * Revokes a refresh token (best effort: failures are ignored).
     *
     * @param refreshToken the token
     * @return whether Keycloak confirmed
     */
    public boolean revoke(String refreshToken) {
        try {
            return post(endpoint("revoke"), Map.of("token", refreshToken, "token_type_hint", "refresh_token",
                    "client_id", CLIENT_ID)).status() == 200;
        } catch (CliException e) {
            return false;
        }
    }

    private TokenSet tokens(JsonNode n) {
        long expiresIn = n.path("expires_in").asLong(60);
        return new TokenSet(n.path("access_token").asText(), n.hasNonNull("refresh_token") ? n.get("refresh_token").asText() : null,
                Instant.now().getEpochSecond() + expiresIn, n.path("scope").asText(""));
    }

    private record Answer(int status, JsonNode body) {
        String error() {
            return body.path("error").asText(null);
        }

        String describe() {
            String e = error();
            String d = body.path("error_description").asText(null);
            return "HTTP " + status + (e == null ? "" : " " + e) + (d == null ? "" : ": " + d);
        }
    }

    private Answer post(String url, Map<String, String> form) {
        String body = new LinkedHashMap<>(form).entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                .header("User-Agent", HubClient.USER_AGENT)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<String> res = http.send(req, HttpResponse.BodyHandlers.ofString());
            JsonNode json;
            try {
                json = res.body() == null || res.body().isBlank() ? mapper.createObjectNode() : mapper.readTree(res.body());
            } catch (IOException e) {
                json = mapper.createObjectNode();
            }
            return new Answer(res.statusCode(), json);
        } catch (IOException e) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "cannot reach Keycloak at " + baseUrl + " — set --keycloak-url or "
                    + "ENVHUB_KEYCLOAK_URL (" + e.getClass().getSimpleName() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "interrupted", e);
        }
    }

    private void pause(Duration d) {
        try {
            sleeper.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "interrupted", e);
        }
    }
}
