package io.envhub.web.evaluation;

import io.envhub.web.evaluation.EvalViews.RolloutPage;
import io.envhub.web.evaluation.EvalViews.RunDetail;
import io.envhub.web.evaluation.EvalViews.RunSummary;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** hub-backend's evaluation API, called with the viewer's own token ({@code bearer} null for anonymous visitors). */
@RegisterRestClient(configKey = "hub-api")
@Path("/api/v1/environments/{owner}/{name}/evals")
@Produces(MediaType.APPLICATION_JSON)
public interface EvalApi {
    @GET
    CompletionStage<List<RunSummary>> runs(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                                           @PathParam("name") String name);

    @GET
    @Path("/{id}")
    CompletionStage<RunDetail> run(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                                   @PathParam("name") String name, @PathParam("id") long id);

    @GET
    @Path("/{id}/rollouts")
    CompletionStage<RolloutPage> rollouts(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                                          @PathParam("name") String name, @PathParam("id") long id,
                                          @QueryParam("page") int page);
}
