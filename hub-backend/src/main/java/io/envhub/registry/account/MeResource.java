package io.envhub.registry.account;

import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccountService;
import io.quarkus.security.Authenticated;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.org.OrgService;
import io.envhub.registry.security.Caller;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/me}: who the caller is, as the hub knows them. */
@Path("/api/v1/me")
@Authenticated
public class MeResource {
    /** Values of {@link Me#authentication()}. */
    public static final String KEYCLOAK = "keycloak";
    public static final String TOKEN = "token";

    private final Caller caller;
    private final OrgService orgs;

    public MeResource(Caller caller, OrgService orgs) {
        this.caller = caller;
        this.orgs = orgs;
    }

    /**
     * The caller's account, organisations, and how they authenticated ({@code keycloak} or {@code token}, with scopes).
     * {@code namespaceTaken}: an organisation has the user's name, so {@code username} is {@code ~name} and they have no
     * personal namespace.
     */
    public record Me(long id, String username, String displayName, String email, List<String> roles,
                     OffsetDateTime memberSince, List<OrgService.Membership> organisations, String authentication,
                     List<String> scopes, boolean namespaceTaken) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The signed-in user", description = "Mirrors the user from Keycloak on first sight.")
    public Me me() {
        Owner owner = caller.owner();
        if (owner == null) {
            throw new ApiException.SignInRequired("Sign in with a Keycloak token or a personal access token.");
        }
        List<String> roles = caller.roles().stream().sorted().toList();
        List<String> scopes = caller.scopes().stream().sorted().toList();
        return new Me(owner.id, owner.name, owner.displayName, owner.email, roles, owner.createdAt,
                orgs.membershipsOf(owner.id), caller.isPersonalToken() ? TOKEN : KEYCLOAK, scopes,
                owner.name.startsWith(AccountService.TAKEN_PREFIX));
    }
}
