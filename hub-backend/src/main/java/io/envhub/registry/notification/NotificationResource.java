package io.envhub.registry.notification;

import io.envhub.registry.notification.NotificationViews.Inbox;
import io.envhub.registry.notification.NotificationViews.Unread;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** The inbox: {@code /api/v1/me/notifications}. */
@Path("/api/v1/me/notifications")
@Produces(MediaType.APPLICATION_JSON)
public class NotificationResource {
    private final NotificationService notifications;

    public NotificationResource(NotificationService notifications) {
        this.notifications = notifications;
    }

    @GET
    @Operation(summary = "Your inbox", description = "Newest first; unread=true for unread ones only; page with before=<last id>.")
    public Inbox inbox(@QueryParam("unread") boolean unread, @QueryParam("limit") int limit, @QueryParam("before") Long before) {
        return notifications.inbox(unread, limit, before);
    }

    @GET
    @Path("/unread-count")
    @Operation(summary = "Your unread count", description = "What the top bar's badge shows.")
    public Unread unread() {
        return new Unread(notifications.unread());
    }

    @POST
    @Path("/{id}/read")
    public Response read(@PathParam("id") long id) {
        notifications.markRead(id);
        return Response.noContent().build();
    }

    @POST
    @Path("/read-all")
    public Map<String, Integer> readAll() {
        return Map.of("marked", notifications.markAllRead());
    }
}
