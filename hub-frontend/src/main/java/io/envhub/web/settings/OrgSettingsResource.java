package io.envhub.web.settings;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.InvitationsClient;
import io.envhub.web.hub.InvitationsClient.Invitation;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /settings/orgs/{org}}: an organisation's owners invite users (user name and role) and see and withdraw the
 * pending invitations. The invited user decides on their profile page; nobody is added without accepting.
 */
@Path("/settings/orgs/{org}")
@Produces(MediaType.TEXT_HTML)
public class OrgSettingsResource {
    /** Roles an invitation may offer. */
    static final List<String> ROLES = List.of("member", "maintainer", "owner");

    private final Viewer viewer;
    private final InvitationsClient hub;

    public OrgSettingsResource(Viewer viewer, InvitationsClient hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance org(Viewer viewer, String org, List<Invitation> invitations, List<String> roles,
                                           String user, String role, String error, String flash);
    }

    @GET
    public Response page(@PathParam("org") String org, @CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        return Flash.clearOn(render(Response.ok(), org, "", "member", null, flash), flash).build();
    }

    /** Invites a user; what the API refuses (unknown user, already a member, bad role) is shown next to the form. */
    @POST
    @Path("/invitations")
    public Response invite(@PathParam("org") String org, @RestForm String user, @RestForm String role) {
        String name = user == null ? "" : user.strip();
        String chosen = role == null ? "" : role;
        if (name.isEmpty() || !ROLES.contains(chosen)) {
            return render(Response.status(400), org, name, ROLES.contains(chosen) ? chosen : "member",
                    name.isEmpty() ? "Enter the user name of the person to invite." : "Choose one of the offered roles.", null).build();
        }
        try {
            ApiProblem.call(() -> hub.invite(viewer.bearer(), org, new InvitationsClient.Invite(name, chosen)));
        } catch (ApiProblem.Refused e) {
            if (e.problem().status() >= 500) {
                return SettingsPages.problem(viewer, e.problem(), "the organisation " + org);
            }
            return render(Response.status(e.problem().status()), org, name, chosen, e.problem().detail(), null).build();
        }
        return Flash.redirect(page(org), "Invited " + name + " as " + chosen + ". They become a member once they accept.");
    }

    /** Withdraws a pending invitation. */
    @POST
    @Path("/invitations/{id}/revoke")
    public Response revoke(@PathParam("org") String org, @PathParam("id") long id) {
        try {
            ApiProblem.run(() -> hub.revoke(viewer.bearer(), org, id));
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), "this invitation");
        }
        return Flash.redirect(page(org), "Invitation withdrawn.");
    }

    private Response.ResponseBuilder render(Response.ResponseBuilder status, String org, String user, String role,
                                            String error, String flash) {
        List<Invitation> pending;
        try {
            pending = ApiProblem.call(() -> hub.ofOrg(viewer.bearer(), org));
        } catch (ApiProblem.Refused e) {
            return Response.fromResponse(SettingsPages.problem(viewer, e.problem(), "the organisation " + org));
        }
        return status.type(MediaType.TEXT_HTML_TYPE)
                .entity(Templates.org(viewer, org, pending, ROLES, user, role, error, flash));
    }

    private static String page(String org) {
        return "/settings/orgs/" + java.net.URLEncoder.encode(org, java.nio.charset.StandardCharsets.UTF_8);
    }
}
