package io.envhub.web.notification;

import io.envhub.contract.http.ProblemException;
import io.envhub.web.account.Viewer;
import io.envhub.web.notification.NotificationViews.Kind;
import io.envhub.web.notification.NotificationViews.Preferences;
import io.envhub.web.settings.Flash;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code /settings/notifications}: per kind of notification, the inbox and the email channel. */
@Path("/settings/notifications")
@Produces(MediaType.TEXT_HTML)
public class NotificationSettingsResource {
    private static final String PAGE = "/settings/notifications";

    private final Viewer viewer;
    private final HubJson hub;

    public NotificationSettingsResource(Viewer viewer, HubJson hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance settings(Viewer viewer, Preferences prefs, String flash);
    }

    @GET
    public Response page(@CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        Preferences prefs = hub.get(viewer, "/api/v1/me/notification-preferences", Preferences.class);
        return Flash.clearOn(Response.ok(Templates.settings(viewer, prefs, flash)), flash).build();
    }

    /** Saves every kind: a ticked box is on, an unticked one off. */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response save(MultivaluedMap<String, String> form) {
        Preferences prefs = hub.get(viewer, "/api/v1/me/notification-preferences", Preferences.class);
        List<Map<String, Object>> kinds = new ArrayList<>();
        for (Kind k : prefs.kinds()) {
            kinds.add(Map.of("kind", k.kind(), "inbox", form.containsKey("inbox-" + k.kind()),
                    "email", form.containsKey("email-" + k.kind())));
        }
        try {
            hub.call(viewer, "PUT", "/api/v1/me/notification-preferences", Map.of("kinds", kinds));
        } catch (ProblemException e) {
            return Flash.redirect(PAGE, HubJson.detail(e));
        }
        return Flash.redirect(PAGE, "Notification settings saved.");
    }
}
