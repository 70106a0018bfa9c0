package io.envhub.validator.worker;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /api/v1/worker/status}: for admins and other validators. */
@Path("/api/v1/worker/status")
public class WorkerResource {
    private final WorkerStatus status;

    public WorkerResource(WorkerStatus status) {
        this.status = status;
    }

    @GET
    @RolesAllowed({"admin", "validator"})
    @Produces(MediaType.APPLICATION_JSON)
    public WorkerStatus.Status status() {
        return status.status();
    }
}
