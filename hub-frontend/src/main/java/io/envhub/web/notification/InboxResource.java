package io.envhub.web.notification;

import io.envhub.web.account.Viewer;
import io.envhub.web.notification.NotificationViews.Inbox;
import io.envhub.web.settings.Flash;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /notifications}: the signed-in user's inbox, newest first, unread ones marked; mark one or all read. */
@Path("/notifications")
@Produces(MediaType.TEXT_HTML)
public class InboxResource {
    private final Viewer viewer;
    private final HubJson hub;

    public InboxResource(Viewer viewer, HubJson hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance inbox(Viewer viewer, Inbox inbox, boolean unreadOnly, Long next, String flash);
    }

    @GET
    public Response inbox(@QueryParam("unread") boolean unreadOnly, @QueryParam("before") Long before,
                          @CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        Inbox inbox = hub.get(viewer, "/api/v1/me/notifications?limit=30&unread=" + unreadOnly
                + (before == null ? "" : "&before=" + before), Inbox.class);
        Long next = inbox.items().size() < 30 ? null : inbox.items().get(inbox.items().size() - 1).id();
        return Flash.clearOn(Response.ok(Templates.inbox(viewer, inbox, unreadOnly, next, flash)), flash, "/notifications").build();
    }

    @POST
    @Path("/{id}/read")
    public Response read(@PathParam("id") long id) {
        hub.call(viewer, "POST", "/api/v1/me/notifications/" + id + "/read", null);
        return Response.seeOther(java.net.URI.create("/notifications")).build();
    }

    @POST
    @Path("/read-all")
    public Response readAll() {
        long n = hub.call(viewer, "POST", "/api/v1/me/notifications/read-all", null).path("marked").asLong();
        return Flash.redirectTo("/notifications", n == 1 ? "1 notification marked read." : n + " notifications marked read.");
    }
}
