package io.envhub.registry.org;

import io.envhub.registry.model.Owner;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/orgs/{org}/invitations}: owners invite users, list and revoke pending invitations. */
@Path("/api/v1/orgs/{org}/invitations")
@Produces(MediaType.APPLICATION_JSON)
public class InvitationResource {
    private final OrgService orgs;
    private final InvitationService invitations;
    private final AccessPolicy policy;

    public InvitationResource(OrgService orgs, InvitationService invitations, AccessPolicy policy) {
        this.orgs = orgs;
        this.invitations = invitations;
        this.policy = policy;
    }

    /** Body of {@code POST /api/v1/orgs/{org}/invitations}. */
    public record Invite(String user, String role) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Invite a user", description = "Organisation owners and admins only. The user becomes a member "
            + "with the role once they accept (POST /api/v1/me/invitations/{id}/accept).")
    public Response invite(@PathParam("org") String name, Invite body) {
        Owner org = orgs.requireOrg(name);
        policy.requireManageOrg(org);
        if (body == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "Send {\"user\", \"role\"} as JSON.");
        }
        InvitationService.Invitation created = invitations.invite(org, policy.requireSignedIn(), body.user(), body.role());
        return Response.status(Response.Status.CREATED).entity(created).build();
    }

    @GET
    @Operation(summary = "Pending invitations of an organisation", description = "Organisation owners and admins only.")
    public List<InvitationService.Invitation> list(@PathParam("org") String name) {
        Owner org = orgs.requireOrg(name);
        policy.requireManageOrg(org);
        return invitations.ofOrg(org);
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Revoke a pending invitation", description = "Organisation owners and admins only.")
    public Response revoke(@PathParam("org") String name, @PathParam("id") long id) {
        Owner org = orgs.requireOrg(name);
        policy.requireManageOrg(org);
        invitations.revoke(org, id);
        return Response.noContent().build();
    }
}
