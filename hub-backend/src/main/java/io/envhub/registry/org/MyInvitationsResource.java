package io.envhub.registry.org;

import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/me/invitations}: the caller's pending organisation invitations; accept or decline them. */
@Path("/api/v1/me/invitations")
@Produces(MediaType.APPLICATION_JSON)
public class MyInvitationsResource {
    private final InvitationService invitations;
    private final AccessPolicy policy;

    public MyInvitationsResource(InvitationService invitations, AccessPolicy policy) {
        this.invitations = invitations;
        this.policy = policy;
    }

    @GET
    @Operation(summary = "The caller's pending invitations", description = "Newest first.")
    public List<InvitationService.Invitation> list() {
        Owner user = policy.requireSignedIn();
        return invitations.ofUser(user.id);
    }

    @POST
    @Path("/{id}/accept")
    @Operation(summary = "Accept an invitation", description = "The caller becomes a member with the invited role.")
    public OrgService.Membership accept(@PathParam("id") long id) {
        Owner user = policy.requireScope(Caller.PUBLISH);
        return invitations.accept(user.id, id);
    }

    @POST
    @Path("/{id}/decline")
    @Operation(summary = "Decline an invitation")
    public Response decline(@PathParam("id") long id) {
        Owner user = policy.requireScope(Caller.PUBLISH);
        invitations.decline(user.id, id);
        return Response.noContent().build();
    }
}
