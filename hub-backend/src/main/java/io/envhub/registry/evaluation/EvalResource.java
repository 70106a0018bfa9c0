package io.envhub.registry.evaluation;

import io.envhub.registry.evaluation.EvalViews.Created;
import io.envhub.registry.evaluation.EvalViews.RunSummary;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

/** {@code /api/v1/environments/{owner}/{name}/versions/{version}/evals}: push a run of a version, list its runs. */
@Path("/api/v1/environments/{owner}/{name}/versions/{version}/evals")
public class EvalResource {
    private final EvalService service;
    private final EvalQueries queries;

    public EvalResource(EvalService service, EvalQueries queries) {
        this.service = service;
        this.queries = queries;
    }

    /** The form, for the OpenAPI document (the body is read as a stream). */
    @Schema(name = "EvalPushForm")
    public static final class EvalPushForm {
        @Schema(description = "metadata.json of the run (model, num_examples, rollouts_per_example, sampling_args, "
                + "avg_reward, avg_metrics, optional pass_at_k, cost, date, time_ms)", format = "binary")
        public String metadata;
        @Schema(description = "results.jsonl (or gzip of it): one rollout per line with example_id, prompt, completion, "
                + "reward, optional metrics, answer, info", format = "binary")
        public String results;
        @Schema(description = "verifiers v1: the run config, configs/<cli>.json (model, sampling, client.base_url, "
                + "env.taskset.id as owner/name[@version])", format = "binary")
        public String config;
        @Schema(description = "verifiers v1: traces.jsonl (or gzip of it), one episode per line, each with its traces "
                + "(nodes, rewards, stop_condition, timing)", format = "binary")
        public String traces;
        @Schema(description = "When the run was written (ISO 8601), used when the metadata carries no date")
        public String run_date;
    }

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Push an evaluation run", description = "Multipart parts 'metadata' and 'results'. The version "
            + "must be validated with its runtime run (verified or flagged). A verifiers v1 run directory goes as the parts "
            + "'config' (configs/<cli>.json) and 'traces' (traces.jsonl). Refusals: 400 (malformed JSON, rows "
            + "inconsistent with the metadata, another environment), 401, 403 (no "
            + "'publish' scope), 404, 409 (version not validated, static checks only, or the run recorded another "
            + "version), 413 (over the size limits).")
    @RequestBody(content = @Content(mediaType = MediaType.MULTIPART_FORM_DATA,
            schema = @Schema(implementation = EvalPushForm.class)))
    public Response push(@PathParam("owner") String owner, @PathParam("name") String name,
                         @PathParam("version") String version, @HeaderParam("Content-Type") String contentType,
                         InputStream body) {
        Created run = service.submit(owner, name, version, contentType, body);
        return Response.created(URI.create("/api/v1/environments/" + run.owner() + "/" + run.name() + "/evals/" + run.id()))
                .entity(run).build();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Evaluation runs of a version, best mean reward first")
    public List<RunSummary> list(@PathParam("owner") String owner, @PathParam("name") String name,
                                 @PathParam("version") String version, @jakarta.ws.rs.QueryParam("provenance") String provenance) {
        return queries.ofVersion(owner, name, version, provenance);
    }
}
