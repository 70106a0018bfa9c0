package io.envhub.registry.evaluation;

import io.envhub.registry.evaluation.EvalViews.RolloutPage;
import io.envhub.registry.evaluation.EvalViews.RunDetail;
import io.envhub.registry.evaluation.EvalViews.RunSummary;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/environments/{owner}/{name}/evals}: runs of every version, one run, its rollouts; delete. */
@Path("/api/v1/environments/{owner}/{name}/evals")
@Produces(MediaType.APPLICATION_JSON)
public class EnvironmentEvalsResource {
    private final EvalQueries queries;
    private final EvalStore store;

    public EnvironmentEvalsResource(EvalQueries queries, EvalStore store) {
        this.queries = queries;
        this.store = store;
    }

    @GET
    @Operation(summary = "Evaluation runs of an environment (all versions, or ?version=), best mean reward first (the "
            + "leaderboard); ?provenance=hub-run (or self-reported, verified) keeps only those")
    public List<RunSummary> list(@PathParam("owner") String owner, @PathParam("name") String name,
                                 @QueryParam("version") String version, @QueryParam("provenance") String provenance) {
        return queries.ofEnvironment(owner, name, version, provenance);
    }

    @GET
    @Path("/{id: [0-9]{1,18}}")
    @Operation(summary = "One evaluation run: summary, stored files, paging, metadata as sent")
    public RunDetail detail(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id) {
        return queries.detail(owner, name, id);
    }

    @GET
    @Path("/{id: [0-9]{1,18}}/rollouts")
    @Operation(summary = "A page of a run's rollouts (from 1), read with one ranged read of the stored results")
    public RolloutPage rollouts(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id,
                                @QueryParam("page") @DefaultValue("1") int page) {
        return queries.rollouts(owner, name, id, page);
    }

    @DELETE
    @Path("/{id: [0-9]{1,18}}")
    @Operation(summary = "Delete a run (its submitter or an admin)")
    public void delete(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id) {
        store.delete(owner, name, id);
    }
}
