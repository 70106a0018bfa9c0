package io.envhub.web.hub;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The parts of hub-backend's public API behind the signed-in settings pages (tokens, profile, the user's own
 * environments and their management), called with the signed-in user's own token. Refusals arrive as
 * {@link jakarta.ws.rs.WebApplicationException}s carrying the API's problem+json document.
 */
@RegisterRestClient(configKey = "hub-api")
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
public interface HubSettingsApi {
    /** {@code GET /api/v1/me}: the account and the organisations the user belongs to. */
    record Account(long id, String username, String displayName, String email, List<String> roles,
                   OffsetDateTime memberSince, List<Membership> organisations) {
    }

    /** The user's role in one organisation. */
    record Membership(String name, String role) {
    }

    /** A personal access token as listed (never its secret). */
    record Token(long id, String name, String tokenPrefix, List<String> scopes, OffsetDateTime expiresAt,
                 OffsetDateTime lastUsedAt, OffsetDateTime revokedAt, OffsetDateTime createdAt) {
    }

    /** Body of a token creation; {@code expiresInDays} null for a token that does not expire. */
    record NewToken(String name, List<String> scopes, Integer expiresInDays) {
    }

    /** A token just created: the only answer that carries its secret ({@code token}). */
    record CreatedToken(long id, String name, String token, String tokenPrefix, List<String> scopes,
                        OffsetDateTime expiresAt, OffsetDateTime createdAt) {
    }

    /** One of the user's environments, with its versions that failed validation. */
    record OwnEnvironment(String owner, String name, String displayName, String summary, List<String> tags,
                          String latestVersion, int starCount, long downloadCount, String visibility,
                          OffsetDateTime updatedAt, String latestStatus, String validatedVersion,
                          List<FailedVersion> failedVersions, String trustStatus, String statusLabel) {
    }

    /** A version whose validation failed, and why. */
    record FailedVersion(String version, String status, String reason, OffsetDateTime createdAt) {
    }

    /** The environment's data as the settings form needs it. */
    record Environment(String owner, String name, String displayName, String summary, List<String> tags,
                       String visibility, String latestVersion, String latestStatus) {
    }

    /** A settings change; null fields stay as they are. */
    record SettingsPatch(String summary, String visibility, List<String> tags) {
    }

    /** A version as listed. */
    record Version(String version, String status, boolean yanked, String yankReason, OffsetDateTime createdAt,
                   String filename, Long size) {
    }

    /** Body of a yank. */
    record YankRequest(String reason) {
    }

    @GET
    @Path("/me")
    Account account(@HeaderParam("Authorization") String bearer);

    @GET
    @Path("/tokens")
    List<Token> tokens(@HeaderParam("Authorization") String bearer);

    @POST
    @Path("/tokens")
    @Consumes(MediaType.APPLICATION_JSON)
    CreatedToken createToken(@HeaderParam("Authorization") String bearer, NewToken body);

    @DELETE
    @Path("/tokens/{id}")
    void revokeToken(@HeaderParam("Authorization") String bearer, @PathParam("id") long id);

    /** The user's own environments, private ones and failed versions included. */
    @GET
    @Path("/me/environments")
    List<OwnEnvironment> ownEnvironments(@HeaderParam("Authorization") String bearer);

    @GET
    @Path("/environments/{owner}/{name}")
    Environment environment(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                            @PathParam("name") String name);

    @PATCH
    @Path("/environments/{owner}/{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    Environment updateEnvironment(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                                  @PathParam("name") String name, SettingsPatch patch);

    @GET
    @Path("/environments/{owner}/{name}/versions")
    List<Version> versions(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                           @PathParam("name") String name);

    @POST
    @Path("/environments/{owner}/{name}/versions/{version}/yank")
    @Consumes(MediaType.APPLICATION_JSON)
    void yank(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner, @PathParam("name") String name,
              @PathParam("version") String version, YankRequest body);

    @POST
    @Path("/environments/{owner}/{name}/versions/{version}/unyank")
    void unyank(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                @PathParam("name") String name, @PathParam("version") String version);

    @DELETE
    @Path("/environments/{owner}/{name}/versions/{version}")
    void deleteVersion(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                       @PathParam("name") String name, @PathParam("version") String version);
}
