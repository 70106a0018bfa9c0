package io.envhub.web.report;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** hub-backend's report API, called with the signed-in user's token. */
@RegisterRestClient(configKey = "hub-api")
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface ReportApi {
    /** Body of a new report. */
    record NewReport(String target, String reason, String text) {
    }

    @POST
    @Path("/reports")
    JsonNode create(@HeaderParam("Authorization") String bearer, NewReport body);

    @GET
    @Path("/me/reports")
    JsonNode mine(@HeaderParam("Authorization") String bearer);
}
