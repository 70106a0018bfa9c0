package io.envhub.registry.notification;

import io.envhub.registry.notification.NotificationViews.Inbox;
import io.envhub.registry.notification.NotificationViews.Preferences;
import io.envhub.registry.notification.NotificationViews.PreferencesUpdate;
import io.envhub.registry.notification.NotificationViews.Unread;
import io.envhub.registry.notification.NotificationViews.Unsubscribed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** The inbox ({@code /api/v1/me/notifications}), preferences and unsubscribe links. */
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
public class NotificationResource {
    private final NotificationService notifications;
    private final com.fasterxml.jackson.databind.ObjectMapper json;

    public NotificationResource(NotificationService notifications, com.fasterxml.jackson.databind.ObjectMapper json) {
        this.notifications = notifications;
        this.json = json;
    }

    @GET
    @Path("/me/notifications")
    @Operation(summary = "Your inbox", description = "Newest first; unread=true for unread ones only; page with before=<last id>.")
    public Inbox inbox(@QueryParam("unread") boolean unread, @QueryParam("limit") int limit, @QueryParam("before") Long before) {
        return notifications.inbox(unread, limit, before);
    }

    @GET
    @Path("/me/notifications/unread-count")
    public Unread unread() {
        return new Unread(notifications.unread());
    }

    @POST
    @Path("/me/notifications/{id}/read")
    public Response read(@PathParam("id") long id) {
        notifications.markRead(id);
        return Response.noContent().build();
    }

    @POST
    @Path("/me/notifications/read-all")
    public Map<String, Integer> readAll() {
        return Map.of("marked", notifications.markAllRead());
    }

    @GET
    @Path("/me/notification-preferences")
    @Operation(summary = "Your notification preferences", description = "Every kind with its inbox and email channel.")
    public Preferences preferences() {
        return notifications.preferences();
    }

    @PUT
    @Path("/me/notification-preferences")
    @Consumes(MediaType.APPLICATION_JSON)
    public Preferences update(PreferencesUpdate body) {
        return notifications.update(body);
    }

    @POST
    @Path("/notifications/unsubscribe")
    @Operation(summary = "Unsubscribe from one kind of email", description = "The signed token of an email's link (query "
            + "parameter token, as mail clients' one-click unsubscribe posts it, or a JSON body {token}); no sign-in needed.")
    public Unsubscribed unsubscribe(@QueryParam("token") String token, String body) {
        return notifications.unsubscribe(token != null ? token : tokenOf(body));
    }

    /** The token of a JSON body {@code {"token": ...}}; null for anything else (a mail client's form post). */
    private String tokenOf(String body) {
        if (body == null || !body.strip().startsWith("{")) {
            return null;
        }
        try {
            return json.readTree(body).path("token").asText(null);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return null;
        }
    }
}
