package io.envhub.registry.org;

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
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/orgs}: create organisations and manage their members. */
@Path("/api/v1/orgs")
@Produces(MediaType.APPLICATION_JSON)
public class OrgResource {
    private final OrgService orgs;
    private final AccessPolicy policy;
    private final RateLimiter limiter;

    public OrgResource(OrgService orgs, AccessPolicy policy, RateLimiter limiter) {
        this.orgs = orgs;
        this.policy = policy;
        this.limiter = limiter;
    }

    /** Body of {@code POST /api/v1/orgs}. */
    public record CreateOrg(String name, String displayName) {
    }

    /** Body of {@code PUT /api/v1/orgs/{org}/members/{username}}. */
    public record SetRole(String role) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create an organisation", description = "Needs the role contributor (or admin) and the publish scope; "
            + "the caller becomes its owner.")
    public Response create(CreateOrg body) {
        Owner creator = policy.requireScope(Caller.PUBLISH);
        policy.requireAnyRole("contributor", "admin");
        limiter.acquire(RateLimiter.Action.ORG);
        if (body == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "Send {\"name\", \"displayName\"} as JSON.");
        }
        Owner org = orgs.create(creator, body.name(), body.displayName());
        return Response.status(Response.Status.CREATED).entity(OwnerResource.OwnerView.of(org, orgs.members(org))).build();
    }

    @GET
    @Path("/{org}/members")
    @Operation(summary = "Members of an organisation")
    public List<OrgService.Member> members(@PathParam("org") String name) {
        return orgs.members(orgs.requireOrg(name));
    }

    @PUT
    @Path("/{org}/members/{username}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a member's role", description = "Organisation owners and admins only. Users join only by "
            + "accepting an invitation (POST /api/v1/orgs/{org}/invitations); 404 for a user who is not a member.")
    public OrgService.Member setMember(@PathParam("org") String name, @PathParam("username") String username, SetRole body) {
        Owner org = orgs.requireOrg(name);
        policy.requireManageOrg(org);
        return orgs.setMember(org, username, body == null ? null : body.role());
    }

    @DELETE
    @Path("/{org}/members/{username}")
    @Operation(summary = "Remove a member", description = "Organisation owners and admins only; the last owner cannot be removed.")
    public Response removeMember(@PathParam("org") String name, @PathParam("username") String username) {
        Owner org = orgs.requireOrg(name);
        policy.requireManageOrg(org);
        orgs.removeMember(org, username);
        return Response.noContent().build();
    }
}
