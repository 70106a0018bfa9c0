package io.envhub.registry.bountyfacts;

import io.envhub.contract.bountyfacts.VersionFacts;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /internal/v1/bounty-facts}: what bounty-service must know about a submitted environment version, for its
 * service account only (realm role {@code bounty-service}; everyone else gets 401/403). It sees private environments
 * too: it only learns facts, and tells the submitter nothing the submitter could not see.
 */
@Path("/internal/v1/bounty-facts")
@RolesAllowed("bounty-service")
@Produces(MediaType.APPLICATION_JSON)
public class BountyFactsResource {
    private final BountyFacts facts;

    public BountyFactsResource(BountyFacts facts) {
        this.facts = facts;
    }

    @GET
    @Path("/versions/{owner}/{name}/{version}")
    @Operation(summary = "Facts about a version", description = "exists, yanked, quarantined (with the "
            + "moderators' public quarantineReason), validation status, runtimeVerified, the artifact's sha256 and the "
            + "environment's tags; exists=false (200) when there is no such version.")
    public VersionFacts version(@PathParam("owner") String owner, @PathParam("name") String name,
                                @PathParam("version") String version) {
        return facts.version(owner, name, version);
    }

    @GET
    @Path("/publishers/{owner}")
    @Operation(summary = "May this user publish to this owner", description = "The user is named by Keycloak subject "
            + "(query parameter subject): true for the owner themselves and for owners and maintainers of the organisation, "
            + "when they have the contributor role (or admin).")
    public BountyFacts.PublisherFacts publisher(@PathParam("owner") String owner, @QueryParam("subject") String subject) {
        return facts.publisher(owner, subject);
    }

    @GET
    @Path("/users/{subject}/standing")
    @Operation(summary = "Is this user suspended", description = "The user is named by Keycloak subject; suspended=true "
            + "while an admin's suspension holds (false for subjects the hub does not know). bounty-service asks it to "
            + "refuse a suspended user's still-valid tokens.")
    public BountyFacts.UserStanding standing(@PathParam("subject") String subject) {
        return facts.standing(subject);
    }
}
