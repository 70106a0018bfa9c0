package io.envhub.web.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.api.ReferenceSet;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * hub-backend's admin API ({@code /api/v1/admin/...}), called with the admin's own token: hub-backend answers 404 to
 * anyone without the {@code admin} role, so these calls only work for admins. Answers are read as JSON trees
 * ({@link QueueItem}, {@link AuditEntry}) so that a field added on the backend does not break the console.
 */
@RegisterRestClient(configKey = "hub-api")
@Path("/api/v1/admin")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface AdminApi {
    /** A body with a reason ({@code {"reason"}}) or a note ({@code {"note"}}, dismissing a report). */
    record Reason(String reason, String note) {
    }

    /** A validation status set by hand, with its mandatory reason. */
    record StatusOverride(String status, String reason) {
    }

    @GET
    @Path("/reference-sets")
    List<ReferenceSet> referenceSets(@HeaderParam("Authorization") String bearer);

    @POST
    @Path("/reference-sets")
    @Consumes("application/x-ndjson")
    ReferenceSet addReferenceSet(@HeaderParam("Authorization") String bearer,
                                  @QueryParam("name") String name, @QueryParam("sourceUrl") String sourceUrl,
                                  @QueryParam("licence") String licence, InputStream items);

    @DELETE
    @Path("/reference-sets/{name}")
    void removeReferenceSet(@HeaderParam("Authorization") String bearer, @PathParam("name") String name);

    @GET
    @Path("/queue")
    JsonNode queue(@HeaderParam("Authorization") String bearer, @QueryParam("kind") String kind,
                   @QueryParam("state") String state);

    @POST
    @Path("/reports/{id}/dismiss")
    JsonNode dismiss(@HeaderParam("Authorization") String bearer, @PathParam("id") long id, Reason body);

    @POST
    @Path("/environments/{owner}/{name}/versions/{version}/quarantine")
    JsonNode quarantine(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                        @PathParam("name") String name, @PathParam("version") String version, Reason body);

    @DELETE
    @Path("/environments/{owner}/{name}/versions/{version}/quarantine")
    void lift(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
              @PathParam("name") String name, @PathParam("version") String version, Reason body);

    @POST
    @Path("/environments/{owner}/{name}/versions/{version}/revalidate")
    JsonNode revalidate(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                        @PathParam("name") String name, @PathParam("version") String version);

    @POST
    @Path("/environments/{owner}/{name}/versions/{version}/status")
    JsonNode overrideStatus(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                            @PathParam("name") String name, @PathParam("version") String version, StatusOverride body);

    /** {@code unlist} or {@code relist}. */
    @POST
    @Path("/environments/{owner}/{name}/{action}")
    JsonNode listing(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                     @PathParam("name") String name, @PathParam("action") String action, Reason body);

    @POST
    @Path("/environments/{owner}/{name}/evals/{id}/hide")
    JsonNode hideRun(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                     @PathParam("name") String name, @PathParam("id") long id, Reason body);

    @DELETE
    @Path("/environments/{owner}/{name}/evals/{id}/hide")
    JsonNode unhideRun(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                       @PathParam("name") String name, @PathParam("id") long id, Reason body);

    @DELETE
    @Path("/environments/{owner}/{name}/evals/{id}")
    void deleteRun(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                   @PathParam("name") String name, @PathParam("id") long id, Reason body);

    @GET
    @Path("/users/{username}")
    JsonNode user(@HeaderParam("Authorization") String bearer, @PathParam("username") String username);

    /** {@code suspend} or {@code unsuspend}. */
    @POST
    @Path("/users/{username}/{action}")
    JsonNode suspension(@HeaderParam("Authorization") String bearer, @PathParam("username") String username,
                        @PathParam("action") String action, Reason body);

    @PUT
    @Path("/users/{username}/roles/{role}")
    JsonNode grantRole(@HeaderParam("Authorization") String bearer, @PathParam("username") String username,
                       @PathParam("role") String role);

    @DELETE
    @Path("/users/{username}/roles/{role}")
    void removeRole(@HeaderParam("Authorization") String bearer, @PathParam("username") String username,
                    @PathParam("role") String role);

    @GET
    @Path("/audit")
    JsonNode audit(@HeaderParam("Authorization") String bearer, @QueryParam("actor") String actor,
                   @QueryParam("target") String target, @QueryParam("action") String action,
                   @QueryParam("from") String from, @QueryParam("to") String to, @QueryParam("limit") Integer limit);
}
