package io.envhub.web.evaluation;

import io.envhub.contract.api.HubEvalRequest;
import io.envhub.contract.api.HubEvalRun;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * hub-backend's hub-run evaluations of a version (issue 33), called with the viewer's own token. The start request
 * carries the model endpoint's API key: it goes in the JSON body only, never in a URL, and the REST client logs no
 * bodies.
 */
@RegisterRestClient(configKey = "hub-api")
@Path("/api/v1/environments/{owner}/{name}/versions/{version}/evals/runs")
@Produces(MediaType.APPLICATION_JSON)
public interface HubRunApi {
    /** Starts a run: 202 {@code {"id","status":"queued"}}. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    HubEvalRun start(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                     @PathParam("name") String name, @PathParam("version") String version, HubEvalRequest body);

    /** A run's progress. */
    @GET
    @Path("/{id}")
    HubEvalRun run(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                   @PathParam("name") String name, @PathParam("version") String version, @PathParam("id") String id);

    /** Cancels a queued or running run. */
    @POST
    @Path("/{id}/cancel")
    void cancel(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                      @PathParam("name") String name, @PathParam("version") String version, @PathParam("id") String id);
}
