package io.envhub.registry.moderation;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/admin/queue}: the hub's review queue (admins; 404 for everyone else). */
@Path("/api/v1/admin/queue")
@Produces(MediaType.APPLICATION_JSON)
public class QueueResource {
    private final QueueService queue;

    public QueueResource(QueueService queue) {
        this.queue = queue;
    }

    @GET
    @Operation(summary = "Review queue, newest first", description = "kind: report, flagged-version, first-publication "
            + "(application and submission are bounty-service's: empty here); state: open or closed (both when absent).")
    public List<QueueItem> queue(@QueryParam("kind") String kind, @QueryParam("state") String state) {
        return queue.queue(kind, state);
    }
}
