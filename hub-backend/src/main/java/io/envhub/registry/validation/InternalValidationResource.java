package io.envhub.registry.validation;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.validation.ValidationViews.ClaimRequest;
import io.envhub.registry.validation.ValidationViews.FailureRequest;
import io.envhub.registry.validation.ValidationViews.HeartbeatRequest;
import io.envhub.registry.validation.ValidationViews.Lease;
import io.envhub.registry.validation.ValidationViews.Outcome;
import io.envhub.registry.validation.ValidationViews.ResultRequest;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /internal/v1/validation}: the queue as validators (service accounts with role {@code validator}) use it. */
@Path("/internal/v1/validation")
@RolesAllowed({"validator", "admin"})
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class InternalValidationResource {
    private static final int MAX_WORKER_NAME = 200;

    private final ValidationQueue queue;
    private final ValidationResults results;

    public InternalValidationResource(ValidationQueue queue, ValidationResults results) {
        this.queue = queue;
        this.results = results;
    }

    @POST
    @Path("/claim")
    @Operation(summary = "Claim the oldest claimable job", description = "200 with the job and a presigned download URL; "
            + "204 when nothing is claimable.")
    public Response claim(ClaimRequest body) {
        String worker = worker(body == null ? null : body.worker());
        return queue.claim(worker).map(c -> Response.ok(c).build()).orElseGet(() -> Response.noContent().build());
    }

    @POST
    @Path("/{jobId}/heartbeat")
    @Operation(summary = "Extend the lease", description = "409 when the caller no longer holds the lease.")
    public Lease heartbeat(@PathParam("jobId") long jobId, HeartbeatRequest body) {
        return queue.heartbeat(jobId, worker(body == null ? null : body.worker()));
    }

    @POST
    @Path("/{jobId}/result")
    @Operation(summary = "Record the job's report (once)", description = "Only the lease holder of a running job; a repeat "
            + "of the same report by the same worker answers 200; anything else after the result: 409.")
    public Outcome result(@PathParam("jobId") long jobId, ResultRequest body) {
        String worker = worker(body == null ? null : body.worker());
        return results.record(jobId, worker, body.report());
    }

    @POST
    @Path("/{jobId}/failure")
    @Operation(summary = "Report an infrastructure failure", description = "Queued again while attempts remain, else error.")
    public Outcome failure(@PathParam("jobId") long jobId, FailureRequest body) {
        String worker = worker(body == null ? null : body.worker());
        return queue.fail(jobId, worker, body.error());
    }

    private static String worker(String worker) {
        if (worker == null || worker.isBlank() || worker.length() > MAX_WORKER_NAME) {
            throw new ApiException.Invalid(ProblemCode.INVALID_WORKER, "worker must name the calling worker (1 to 200 characters).");
        }
        return worker;
    }
}
