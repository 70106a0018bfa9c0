package io.envhub.web.hub;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * Organisation invitations in hub-backend's public API: owners invite users with a role, the users accept or decline
 * (nobody becomes a member without consent). Called with the signed-in user's own token.
 */
@RegisterRestClient(configKey = "hub-api")
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
public interface HubInvitationsApi {
    /** A pending invitation, as the organisation's owners and the invited user see it. */
    record Invitation(long id, String org, String orgDisplayName, String user, String role, String invitedBy,
                      OffsetDateTime createdAt) {
    }

    /** Body of an invitation. */
    record Invite(String user, String role) {
    }

    @GET
    @Path("/orgs/{org}/invitations")
    List<Invitation> ofOrg(@HeaderParam("Authorization") String bearer, @PathParam("org") String org);

    @POST
    @Path("/orgs/{org}/invitations")
    @Consumes(MediaType.APPLICATION_JSON)
    Invitation invite(@HeaderParam("Authorization") String bearer, @PathParam("org") String org, Invite body);

    @DELETE
    @Path("/orgs/{org}/invitations/{id}")
    void revoke(@HeaderParam("Authorization") String bearer, @PathParam("org") String org, @PathParam("id") long id);

    @GET
    @Path("/me/invitations")
    List<Invitation> mine(@HeaderParam("Authorization") String bearer);

    @POST
    @Path("/me/invitations/{id}/accept")
    void accept(@HeaderParam("Authorization") String bearer, @PathParam("id") long id);

    @POST
    @Path("/me/invitations/{id}/decline")
    void decline(@HeaderParam("Authorization") String bearer, @PathParam("id") long id);
}
