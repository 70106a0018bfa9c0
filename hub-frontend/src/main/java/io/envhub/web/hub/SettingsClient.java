package io.envhub.web.hub;

import static io.envhub.web.client.ServiceJson.path;

import com.fasterxml.jackson.core.type.TypeReference;
import io.envhub.web.client.HubBackend;
import io.envhub.web.client.ServiceJson;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The parts of hub-backend's public API behind the signed-in settings pages (tokens, profile, the user's own
 * environments and their management) over contract's JSON client ({@link ServiceJson}), called with the signed-in
 * user's own token. A refusal is a {@code ClientWebApplicationException} carrying the API's status, its cause the
 * problem document; see {@code io.envhub.web.error}.
 */
@ApplicationScoped
public class SettingsClient {
    private static final String API = "/api/v1";
    private static final String ENV = API + "/environments/{}/{}";
    private static final String VERSION = ENV + "/versions/{}";
    private static final TypeReference<List<Token>> TOKENS = new TypeReference<>() { };
    private static final TypeReference<List<OwnEnvironment>> OWN = new TypeReference<>() { };
    private static final TypeReference<List<Version>> VERSIONS = new TypeReference<>() { };

    private final ServiceJson hub;

    public SettingsClient(@HubBackend ServiceJson hub) {
        this.hub = hub;
    }

    /** {@code GET /api/v1/me}: the account and the organisations the user belongs to. */
    public record Account(long id, String username, String displayName, String email, List<String> roles,
                   OffsetDateTime memberSince, List<Membership> organisations) {
    }

    /** The user's role in one organisation. */
    public record Membership(String name, String role) {
    }

    /** A personal access token as listed (never its secret). */
    public record Token(long id, String name, String tokenPrefix, List<String> scopes, OffsetDateTime expiresAt,
                 OffsetDateTime lastUsedAt, OffsetDateTime revokedAt, OffsetDateTime createdAt) {
    }

    /** Body of a token creation; {@code expiresInDays} null for a token that does not expire. */
    public record NewToken(String name, List<String> scopes, Integer expiresInDays) {
    }

    /** A token just created: the only answer that carries its secret ({@code token}). */
    public record CreatedToken(long id, String name, String token, String tokenPrefix, List<String> scopes,
                        OffsetDateTime expiresAt, OffsetDateTime createdAt) {
    }

    /**
     * One of the user's environments (its verdict: of its newest validated version, else its latest), with its versions
     * that failed validation.
     */
    public record OwnEnvironment(String owner, String name, String displayName, String summary, List<String> tags,
                          String latestVersion, int starCount, long downloadCount, String visibility,
                          OffsetDateTime updatedAt, String validatedVersion, String trustStatus,
                          String statusLabel, List<FailedVersion> failedVersions) {
    }

    /** A version whose validation failed, and why. */
    public record FailedVersion(String version, String status, String reason, OffsetDateTime createdAt) {
    }

    /** The environment's data as the settings form needs it. */
    public record Environment(String owner, String name, String displayName, String summary, List<String> tags,
                       String visibility, String latestVersion) {
    }

    /** A settings change; null fields stay as they are. */
    public record SettingsPatch(String summary, String visibility, List<String> tags) {
    }

    /** A version as listed. */
    public record Version(String version, String trustStatus, String statusLabel, boolean yanked, String yankReason,
                   OffsetDateTime createdAt, String filename, Long size) {
    }

    /** Body of a yank. */
    public record YankRequest(String reason) {
    }

    /** {@code GET /api/v1/me}. */
    public Account account(String bearer) {
        return hub.get(bearer, API + "/me", Account.class);
    }

    public List<Token> tokens(String bearer) {
        return hub.get(bearer, API + "/tokens", TOKENS);
    }

    public CreatedToken createToken(String bearer, NewToken body) {
        return hub.bind(hub.call(bearer, "POST", API + "/tokens", body), CreatedToken.class);
    }

    public void revokeToken(String bearer, long id) {
        hub.call(bearer, "DELETE", path(API + "/tokens/{}", id), null);
    }

    /** The signed-in user's environments, with their verdicts and failed versions. */
    public List<OwnEnvironment> ownEnvironments(String bearer) {
        return hub.get(bearer, API + "/me/environments", OWN);
    }

    public Environment environment(String bearer, String owner, String name) {
        return hub.get(bearer, path(ENV, owner, name), Environment.class);
    }

    /** {@code PATCH}: null fields stay as they are. */
    public Environment updateEnvironment(String bearer, String owner, String name, SettingsPatch patch) {
        return hub.bind(hub.call(bearer, "PATCH", path(ENV, owner, name), patch), Environment.class);
    }

    public List<Version> versions(String bearer, String owner, String name) {
        return hub.get(bearer, path(ENV + "/versions", owner, name), VERSIONS);
    }

    public void yank(String bearer, String owner, String name, String version, YankRequest body) {
        hub.call(bearer, "POST", path(VERSION + "/yank", owner, name, version), body);
    }

    public void unyank(String bearer, String owner, String name, String version) {
        hub.call(bearer, "POST", path(VERSION + "/unyank", owner, name, version), null);
    }

    public void deleteVersion(String bearer, String owner, String name, String version) {
        hub.call(bearer, "DELETE", path(VERSION, owner, name, version), null);
    }
}
