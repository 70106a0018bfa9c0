package io.envhub.web.notification;

import io.envhub.contract.http.ProblemException;
import io.envhub.web.account.Viewer;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /unsubscribe?token=...}: the link at the foot of every email. Opening it changes nothing (mail scanners open
 * links); its one button does, without signing in: the signed token names the user and the kind of email. (Mail
 * clients' own one-click unsubscribe posts to hub-backend's API directly.)
 */
@Path("/unsubscribe")
@Produces(MediaType.TEXT_HTML)
public class UnsubscribeResource {
    private final Viewer viewer;
    private final HubJson hub;

    public UnsubscribeResource(Viewer viewer, HubJson hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance unsubscribe(Viewer viewer, String token, String done, String error);
    }

    @GET
    public TemplateInstance ask(@QueryParam("token") String token) {
        return Templates.unsubscribe(viewer, token == null ? "" : token, null, null);
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response unsubscribe(@RestForm String token) {
        try {
            String label = hub.call(viewer, "POST", "/api/v1/notifications/unsubscribe",
                    Map.of("token", token == null ? "" : token)).path("label").asText();
            return Response.ok(Templates.unsubscribe(viewer, token, label, null)).build();
        } catch (ProblemException e) {
            return Response.status(400).entity(Templates.unsubscribe(viewer, token, null, HubJson.detail(e))).build();
        }
    }
}
