package io.envhub.registry.notification;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.registry.notification.NotificationViews.Unsubscribed;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/notifications/unsubscribe}: the target of every email's unsubscribe link, no sign-in needed. */
@Path("/api/v1/notifications/unsubscribe")
@Produces(MediaType.APPLICATION_JSON)
public class UnsubscribeResource {
    private final NotificationService notifications;
    private final ObjectMapper json;

    public UnsubscribeResource(NotificationService notifications, ObjectMapper json) {
        this.notifications = notifications;
        this.json = json;
    }

    @POST
    @Operation(summary = "Unsubscribe from one kind of email", description = "The signed token of an email's link: query "
            + "parameter token (as mail clients' one-click unsubscribe posts it, RFC 8058) or a JSON body {\"token\"}.")
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
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
