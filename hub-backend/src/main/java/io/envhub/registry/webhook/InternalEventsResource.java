package io.envhub.registry.webhook;

import io.envhub.contract.event.RelayedEvent;
import io.envhub.registry.event.EventOutbox;
import jakarta.annotation.security.RolesAllowed;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /internal/v1/events}: bounty-service's relay hands over the rows of its outbox (its service account only,
 * realm role {@code bounty-service}). Each id is kept once, so a relay repeated after a lost answer changes nothing.
 */
@Path("/internal/v1/events")
@RolesAllowed("bounty-service")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class InternalEventsResource {
    private final EventOutbox outbox;

    public InternalEventsResource(EventOutbox outbox) {
        this.outbox = outbox;
    }

    @POST
    @Transactional
    @Operation(summary = "Keep relayed events", description = "A list of bounty-service events; answers how many were new.")
    public Map<String, Integer> receive(List<RelayedEvent> events) {
        int fresh = 0;
        for (RelayedEvent e : events == null ? List.<RelayedEvent>of() : events) {
            if (e != null && e.id() != null && e.type() != null && e.object() != null && outbox.receive(e)) {
                fresh++;
            }
        }
        return Map.of("received", events == null ? 0 : events.size(), "new", fresh);
    }
}
