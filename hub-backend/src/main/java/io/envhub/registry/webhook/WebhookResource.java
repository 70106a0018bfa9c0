package io.envhub.registry.webhook;

import io.envhub.contract.event.EventType;
import io.envhub.registry.webhook.WebhookViews.CreateRequest;
import io.envhub.registry.webhook.WebhookViews.Delivery;
import io.envhub.registry.webhook.WebhookViews.UpdateRequest;
import io.envhub.registry.webhook.WebhookViews.Webhook;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/webhooks}: subscriptions, their delivery log, redelivery, test pings and secret rotation. */
@Path("/api/v1/webhooks")
@Produces(MediaType.APPLICATION_JSON)
public class WebhookResource {
    private final WebhookService webhooks;

    public WebhookResource(WebhookService webhooks) {
        this.webhooks = webhooks;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Subscribe a URL to events", description = "{\"url\":\"https://...\",\"events\":[\"version.validated\"],"
            + "\"scope\":{\"environment\":\"owner/name\"} | {\"owner\":\"name\"} | {\"bounties\":\"sponsored\"}}. 201 with the "
            + "secret, shown this once. Deliveries are POSTs of {id,type,time,object} signed in X-EnvHub-Signature: "
            + "t=<unix>,v1=<hex HMAC-SHA256 of \"t.body\">.")
    public Response create(CreateRequest body) {
        return Response.status(Response.Status.CREATED).entity(webhooks.create(body)).build();
    }

    @GET
    @Operation(summary = "Your webhooks", description = "Yours and those of organisations you own or maintain.")
    public List<Webhook> list() {
        return webhooks.mine();
    }

    @GET
    @Path("/events")
    @Operation(summary = "The event types", description = "Each type with the service that sends it (hub: environment scopes; "
            + "bounty: the sponsored-bounties scope).")
    public List<Map<String, String>> eventTypes() {
        return EventType.subscribable().stream().map(t -> Map.of("type", t.wire(), "source", t.source().name().toLowerCase(
                java.util.Locale.ROOT))).toList();
    }

    @GET
    @Path("/{id}")
    public Webhook get(@PathParam("id") long id) {
        return webhooks.get(id);
    }

    @PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a webhook", description = "url, events, description; active=true re-enables a disabled one.")
    public Webhook update(@PathParam("id") long id, UpdateRequest body) {
        return webhooks.update(id, body);
    }

    @DELETE
    @Path("/{id}")
    public Response delete(@PathParam("id") long id) {
        webhooks.delete(id);
        return Response.noContent().build();
    }

    @POST
    @Path("/{id}/secret")
    @Operation(summary = "Rotate the secret", description = "The new secret is in this answer only; the previous one keeps "
            + "signing (a second v1) for 24 hours.")
    public Webhook rotate(@PathParam("id") long id) {
        return webhooks.rotateSecret(id);
    }

    @GET
    @Path("/{id}/deliveries")
    @Operation(summary = "The delivery log", description = "Newest first: state, attempts and the last attempt's time, HTTP "
            + "status, duration and response excerpt.")
    public List<Delivery> deliveries(@PathParam("id") long id, @QueryParam("limit") int limit) {
        return webhooks.deliveries(id, limit);
    }

    @GET
    @Path("/{id}/deliveries/{deliveryId}")
    @Operation(summary = "One delivery", description = "Every attempt and the event as sent.")
    public Delivery delivery(@PathParam("id") long id, @PathParam("deliveryId") long deliveryId) {
        return webhooks.delivery(id, deliveryId);
    }

    @POST
    @Path("/{id}/deliveries/{deliveryId}/redeliver")
    @Operation(summary = "Send a delivery's event again", description = "A new delivery of the same event id (202).")
    public Response redeliver(@PathParam("id") long id, @PathParam("deliveryId") long deliveryId) {
        return Response.accepted(webhooks.redeliver(id, deliveryId)).build();
    }

    @POST
    @Path("/{id}/ping")
    @Operation(summary = "Send a test event", description = "A 'ping' event to this webhook only (202); see its delivery log.")
    public Response ping(@PathParam("id") long id) {
        return Response.accepted(webhooks.ping(id)).build();
    }
}
