package io.envhub.registry.hubeval;

import io.envhub.contract.api.HubEvalRequest;
import io.envhub.contract.api.HubEvalRun;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/environments/{owner}/{name}/versions/{version}/evals/runs}: evaluations the hub runs itself. */
@Path("/api/v1/environments/{owner}/{name}/versions/{version}/evals/runs")
@Produces(MediaType.APPLICATION_JSON)
public class HubEvalResource {
    private final HubEvalService service;

    public HubEvalResource(HubEvalService service) {
        this.service = service;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Start a hub-run evaluation", description = "The hub runs the version in its sandbox and calls the "
            + "OpenAI-compatible endpoint (POST {baseUrl}/chat/completions) for every rollout; the API key is held in memory "
            + "for the run only. 202 {id, status: queued}. Refusals: 400 (malformed, host not in ENVHUB_EVAL_ALLOWED_HOSTS: "
            + "eval-host-not-allowed, too many rollouts), 401, 403 (no 'publish' scope), 404, 409 (not validated by running "
            + "it, yanked, quarantined), 429 (too many of your evaluations queued or running).")
    public Response start(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("version") String version,
                          HubEvalRequest request) {
        HubEvalRun run = service.start(owner, name, version, request);
        return Response.accepted(run).location(URI.create("/api/v1/environments/" + owner + "/" + name + "/versions/" + version
                + "/evals/runs/" + run.id())).build();
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A hub-run evaluation's progress (its starter and admins)", description = "status, done/total rollouts,"
            + " mean reward so far, error when failed, evalRunId (the evaluation run it became) when finished.")
    public HubEvalRun get(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("version") String version,
                          @PathParam("id") String id) {
        return service.get(owner, name, version, id);
    }

    @POST
    @Path("/{id}/cancel")
    @Operation(summary = "Cancel a hub-run evaluation: no further rollout starts (status cancelled)")
    public HubEvalRun cancel(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("version") String version,
                             @PathParam("id") String id) {
        return service.cancel(owner, name, version, id);
    }
}
