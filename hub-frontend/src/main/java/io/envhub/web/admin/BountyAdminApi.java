package io.envhub.web.admin;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** bounty-service's admin API: its part of the review queue (stale applications, submissions) and its audit log. */
@RegisterRestClient(configKey = "bounty-api")
@Path("/api/v1/admin")
@Produces(MediaType.APPLICATION_JSON)
public interface BountyAdminApi {
    @GET
    @Path("/queue")
    JsonNode queue(@HeaderParam("Authorization") String bearer, @QueryParam("kind") String kind,
                   @QueryParam("state") String state);

    @GET
    @Path("/audit")
    JsonNode audit(@HeaderParam("Authorization") String bearer, @QueryParam("actor") String actor,
                   @QueryParam("target") String target, @QueryParam("action") String action,
                   @QueryParam("from") String from, @QueryParam("to") String to, @QueryParam("limit") Integer limit);
}
