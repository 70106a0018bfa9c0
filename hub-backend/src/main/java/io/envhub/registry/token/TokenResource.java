package io.envhub.registry.token;

import io.envhub.registry.model.Owner;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.security.RateLimiter;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/tokens}: the caller's personal access tokens (for the CLI in CI, and for pip). */
@Path("/api/v1/tokens")
@Produces(MediaType.APPLICATION_JSON)
public class TokenResource {
    private final TokenService tokens;
    private final AccessPolicy policy;
    private final RateLimiter limiter;

    public TokenResource(TokenService tokens, AccessPolicy policy, RateLimiter limiter) {
        this.tokens = tokens;
        this.policy = policy;
        this.limiter = limiter;
    }

    /** Body of {@code POST /api/v1/tokens}. */
    public record CreateToken(String name, List<String> scopes, Integer expiresInDays) {
    }

    /** A token as listed: never the secret. */
    public record TokenView(long id, String name, String tokenPrefix, List<String> scopes, OffsetDateTime expiresAt,
                            OffsetDateTime lastUsedAt, OffsetDateTime revokedAt, OffsetDateTime createdAt) {
        static TokenView of(AccessToken t) {
            return new TokenView(t.id, t.name, t.tokenPrefix, t.scopeList(), t.expiresAt, t.lastUsedAt, t.revokedAt,
                    t.createdAt);
        }
    }

    /** A token just created: the only time its secret ({@code token}) is shown. */
    public record CreatedToken(long id, String name, String token, String tokenPrefix, List<String> scopes,
                               OffsetDateTime expiresAt, OffsetDateTime createdAt) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a personal access token",
            description = "Needs a Keycloak sign-in and the role contributor or admin. The secret is in the answer only.")
    public Response create(CreateToken body) {
        Owner user = policy.requireSignedIn();
        policy.requireInteractiveSignIn("Personal access tokens cannot create tokens; sign in with Keycloak to create one.");
        policy.requireAnyRole("contributor", "admin");
        limiter.acquire(RateLimiter.Action.TOKEN);
        if (body == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "Send {\"name\", \"scopes\", \"expiresInDays\"} as JSON.");
        }
        TokenService.Created created = tokens.create(user, body.name(), body.scopes(), body.expiresInDays());
        AccessToken t = created.token();
        CreatedToken answer = new CreatedToken(t.id, t.name, created.secret(), t.tokenPrefix, t.scopeList(), t.expiresAt,
                t.createdAt);
        return Response.status(Response.Status.CREATED).entity(answer).build();
    }

    @GET
    @Operation(summary = "The caller's personal access tokens", description = "Without secrets; revoked and expired ones included.")
    public List<TokenView> list() {
        Owner user = policy.requireSignedIn();
        return tokens.list(user.id).stream().map(TokenView::of).toList();
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Revoke one of the caller's personal access tokens", description = "A personal token needs the publish "
            + "scope (a read-only token cannot change anything).")
    public Response revoke(@PathParam("id") long id) {
        Owner user = policy.requireScope(Caller.PUBLISH);
        tokens.revoke(user.id, id);
        return Response.noContent().build();
    }
}
