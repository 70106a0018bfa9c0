package io.envhub.registry.evaluation;

import io.envhub.registry.evaluation.EvalViews.RunSummary;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/models/{model}/evals}: one model's runs across the environments the caller may read. */
@Path("/api/v1/models")
@Produces(MediaType.APPLICATION_JSON)
public class ModelEvalsResource {
    private final EvalQueries queries;

    public ModelEvalsResource(EvalQueries queries) {
        this.queries = queries;
    }

    @GET
    @Path("/{model: .+}/evals")
    @Operation(summary = "A model's evaluation runs across environments, newest first (model names may hold '/')")
    public List<RunSummary> list(@PathParam("model") String model, @jakarta.ws.rs.QueryParam("provenance") String provenance) {
        return queries.ofModel(model, provenance);
    }
}
