package io.envhub.web.webhook;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.http.ProblemException;
import io.envhub.web.account.Viewer;
import io.envhub.web.notification.HubJson;
import io.envhub.web.settings.Flash;
import io.envhub.web.webhook.WebhookViews.Delivery;
import io.envhub.web.webhook.WebhookViews.EventType;
import io.envhub.web.webhook.WebhookViews.Webhook;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /settings/webhooks}: the user's webhooks (and their organisations'), a form to add one (its secret is shown
 * on the answer page only), and per webhook its delivery log with redeliver, a test ping, secret rotation, enabling
 * and deleting.
 */
@Path("/settings/webhooks")
@Produces(MediaType.TEXT_HTML)
public class WebhooksResource {
    private static final String PAGE = "/settings/webhooks";
    private static final TypeReference<List<Webhook>> WEBHOOKS = new TypeReference<>() {
    };
    private static final TypeReference<List<Delivery>> DELIVERIES = new TypeReference<>() {
    };
    private static final TypeReference<List<EventType>> TYPES = new TypeReference<>() {
    };

    private final Viewer viewer;
    private final HubJson hub;
    private final ObjectMapper json;

    public WebhooksResource(Viewer viewer, HubJson hub, ObjectMapper json) {
        this.viewer = viewer;
        this.hub = hub;
        this.json = json;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance webhooks(Viewer viewer, List<Webhook> webhooks, List<EventType> types, String flash);

        static native TemplateInstance webhook(Viewer viewer, Webhook webhook, List<Delivery> deliveries, String flash);

        static native TemplateInstance secret(Viewer viewer, Webhook webhook);
    }

    @GET
    public Response list(@CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        List<Webhook> webhooks = json.convertValue(hub.get(viewer, "/api/v1/webhooks"), WEBHOOKS);
        List<EventType> types = json.convertValue(hub.get(viewer, "/api/v1/webhooks/events"), TYPES);
        return Flash.clearOn(Response.ok(Templates.webhooks(viewer, webhooks, types, flash)), flash).build();
    }

    /** Creates a webhook from the form; the answer page shows its secret, once. */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response create(MultivaluedMap<String, String> form) {
        String scope = form.getFirst("scope");
        String target = form.getFirst("target") == null ? "" : form.getFirst("target").strip();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("url", form.getFirst("url"));
        body.put("description", form.getFirst("description"));
        body.put("events", form.get("events") == null ? List.of() : form.get("events"));
        if ("environment".equals(scope)) {
            body.put("scope", Map.of("environment", target));
        } else if ("bounties".equals(scope)) {
            body.put("scope", Map.of("bounties", "sponsored"));
        } else {
            body.put("scope", Map.of("owner", target.isEmpty() ? viewer.username() : target));
        }
        try {
            Webhook created = json.convertValue(hub.call(viewer, "POST", "/api/v1/webhooks", body), Webhook.class);
            return Response.ok(Templates.secret(viewer, created)).header("Cache-Control", "no-store").build();
        } catch (ProblemException e) {
            return Flash.redirect(PAGE, "Not added: " + HubJson.detail(e));
        }
    }

    @GET
    @Path("/{id}")
    public Response one(@PathParam("id") long id, @CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        try {
            Webhook w = json.convertValue(hub.get(viewer, "/api/v1/webhooks/" + id), Webhook.class);
            List<Delivery> log = json.convertValue(hub.get(viewer, "/api/v1/webhooks/" + id + "/deliveries?limit=50"), DELIVERIES);
            return Flash.clearOn(Response.ok(Templates.webhook(viewer, w, log, flash)), flash).build();
        } catch (ProblemException e) {
            throw HubJson.or404(e);
        }
    }

    @POST
    @Path("/{id}/ping")
    public Response ping(@PathParam("id") long id) {
        return act(id, "POST", "/ping", null, "A ping is on its way: it shows in the log below within seconds.");
    }

    @POST
    @Path("/{id}/deliveries/{delivery}/redeliver")
    public Response redeliver(@PathParam("id") long id, @PathParam("delivery") long delivery) {
        return act(id, "POST", "/deliveries/" + delivery + "/redeliver", null, "Delivery " + delivery + " is sent again.");
    }

    @POST
    @Path("/{id}/enable")
    public Response enable(@PathParam("id") long id) {
        return act(id, "PATCH", "", Map.of("active", true), "Enabled: deliveries start again.");
    }

    @POST
    @Path("/{id}/disable")
    public Response disable(@PathParam("id") long id) {
        return act(id, "PATCH", "", Map.of("active", false), "Disabled: nothing is sent until you enable it.");
    }

    @POST
    @Path("/{id}/delete")
    public Response delete(@PathParam("id") long id) {
        try {
            hub.call(viewer, "DELETE", "/api/v1/webhooks/" + id, null);
        } catch (ProblemException e) {
            throw HubJson.or404(e);
        }
        return Flash.redirect(PAGE, "Webhook deleted.");
    }

    /** Rotates the secret; the answer page shows the new one, once. */
    @POST
    @Path("/{id}/secret")
    public Response rotate(@PathParam("id") long id) {
        try {
            Webhook w = json.convertValue(hub.call(viewer, "POST", "/api/v1/webhooks/" + id + "/secret", null), Webhook.class);
            return Response.ok(Templates.secret(viewer, w)).header("Cache-Control", "no-store").build();
        } catch (ProblemException e) {
            throw HubJson.or404(e);
        }
    }

    private Response act(long id, String method, String path, Object body, String done) {
        try {
            hub.call(viewer, method, "/api/v1/webhooks/" + id + path, body);
        } catch (ProblemException e) {
            if (e.status() == 404) {
                throw HubJson.or404(e);
            }
            return Flash.redirect(PAGE + "/" + id, HubJson.detail(e));
        }
        return Flash.redirect(PAGE + "/" + id, done);
    }
}
