package io.envhub.registry.notification;

import io.envhub.registry.notification.NotificationViews.Preferences;
import io.envhub.registry.notification.NotificationViews.PreferencesUpdate;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/me/notification-preferences}: per kind, the inbox and email channels. */
@Path("/api/v1/me/notification-preferences")
@Produces(MediaType.APPLICATION_JSON)
public class PreferencesResource {
    private final NotificationService notifications;

    public PreferencesResource(NotificationService notifications) {
        this.notifications = notifications;
    }

    @GET
    @Operation(summary = "Your notification preferences", description = "Every kind with its inbox and email channel, "
            + "whether the hub sends email at all and to which address.")
    public Preferences preferences() {
        return notifications.preferences();
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change preferences", description = "{\"kinds\":[{\"kind\":\"version-failed\",\"inbox\":true,"
            + "\"email\":false}]}: the kinds named change, the others stay.")
    public Preferences update(PreferencesUpdate body) {
        return notifications.update(body);
    }
}
