package io.envhub.web.settings;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.InvitationsClient;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.RestForm;

/**
 * The signed-in user's answers to organisation invitations (listed on their profile page): accept (they become a
 * member with the offered role) or decline. Both are CSRF-protected form posts that redirect back to the profile.
 */
@Path("/settings/invitations/{id}")
public class MyInvitationsResource {
    private static final String PROFILE = "/settings/profile";

    private final Viewer viewer;
    private final InvitationsClient hub;

    public MyInvitationsResource(Viewer viewer, InvitationsClient hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @POST
    @Path("/accept")
    public Response accept(@PathParam("id") long id, @RestForm String org) {
        try {
            ApiProblem.run(() -> hub.accept(viewer.bearer(), id));
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), "this invitation");
        }
        return Flash.redirect(PROFILE, org == null || org.isBlank() ? "Invitation accepted."
                : "You are now a member of " + org + ".");
    }

    @POST
    @Path("/decline")
    public Response decline(@PathParam("id") long id) {
        try {
            ApiProblem.run(() -> hub.decline(viewer.bearer(), id));
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), "this invitation");
        }
        return Flash.redirect(PROFILE, "Invitation declined.");
    }
}
