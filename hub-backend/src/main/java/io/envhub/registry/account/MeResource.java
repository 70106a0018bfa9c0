package io.envhub.registry.account;

import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/me}: who the caller is, as the hub knows them. */
@Path("/api/v1/me")
@Authenticated
public class MeResource {
    private final SecurityIdentity identity;
    private final JsonWebToken token;
    private final AccountService accounts;

    public MeResource(SecurityIdentity identity, JsonWebToken token, AccountService accounts) {
        this.identity = identity;
        this.token = token;
        this.accounts = accounts;
    }

    /** The caller's account. */
    public record Me(long id, String username, String displayName, String email, List<String> roles,
                     OffsetDateTime memberSince) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The signed-in user", description = "Mirrors the user from Keycloak on first sight.")
    public Me me() {
        String username = token.getClaim("preferred_username");
        String name = token.getClaim("name");
        Owner owner = accounts.mirror(token.getSubject(), username, name, token.getClaim("email"));
        List<String> roles = identity.getRoles().stream().filter(r -> List.of("contributor", "sponsor", "admin", "validator")
                .contains(r)).sorted().toList();
        return new Me(owner.id, owner.name, owner.displayName, owner.email, roles, owner.createdAt);
    }
}
