package io.envhub.web.hub;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.hub.HubViews.Detail;
import io.envhub.web.hub.HubViews.Explore;
import io.envhub.web.hub.HubViews.FileEntry;
import io.envhub.web.hub.HubViews.Owner;
import io.envhub.web.hub.HubViews.SearchResult;
import io.envhub.web.hub.HubViews.VersionDetail;
import io.envhub.web.hub.HubViews.VersionSummary;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The public API of hub-backend, called with the viewer's own token ({@code bearer} null for anonymous visitors).
 * Errors arrive as {@code WebApplicationException}s carrying the backend's status; see {@code io.envhub.web.error}.
 */
@RegisterRestClient(configKey = "hub-api")
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
public interface HubApi {
    @GET
    @Path("/explore")
    Explore explore(@HeaderParam("Authorization") String bearer);

    @GET
    @Path("/environments")
    SearchResult search(@HeaderParam("Authorization") String bearer, @QueryParam("q") String q,
                        @QueryParam("tag") List<String> tags, @QueryParam("owner") String owner,
                        @QueryParam("validated") String validated, @QueryParam("task") String task,
                        @QueryParam("status") String status, @QueryParam("sort") String sort, @QueryParam("page") String page,
                        @QueryParam("size") Integer size, @QueryParam("domain") String domain,
                        @QueryParam("license") String license);

    @GET
    @Path("/environments/{owner}/{name}")
    Detail environment(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                       @PathParam("name") String name);

    /** The environment page's data (environment, README, versions, download chart) in one call. */
    @GET
    @Path("/environments/{owner}/{name}/page")
    PageData page(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                  @PathParam("name") String name, @QueryParam("days") int days);

    @GET
    @Path("/environments/{owner}/{name}/versions")
    CompletionStage<List<VersionSummary>> versions(@HeaderParam("Authorization") String bearer,
                                                   @PathParam("owner") String owner, @PathParam("name") String name);

    @GET
    @Path("/environments/{owner}/{name}/versions/{version}")
    VersionDetail version(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                          @PathParam("name") String name, @PathParam("version") String version);

    @GET
    @Path("/environments/{owner}/{name}/versions/{version}/report")
    JsonNode report(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                    @PathParam("name") String name, @PathParam("version") String version);

    @GET
    @Path("/environments/{owner}/{name}/versions/{version}/dataset")
    JsonNode dataset(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                     @PathParam("name") String name, @PathParam("version") String version);

    @GET
    @Path("/environments/{owner}/{name}/versions/{version}/files")
    List<FileEntry> files(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                          @PathParam("name") String name, @PathParam("version") String version);

    /** A file's text; {@code path} must already be percent-encoded segment by segment (slashes kept). */
    @GET
    @Path("/environments/{owner}/{name}/versions/{version}/files/{path}")
    @Produces({MediaType.TEXT_PLAIN, "application/problem+json"})
    Response fileText(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                      @PathParam("name") String name, @PathParam("version") String version,
                      @PathParam("path") @Encoded String path);

    /** The counted download: a 302 to a presigned URL (redirects are not followed, see application.properties). */
    @GET
    @Path("/environments/{owner}/{name}/versions/{version}/download")
    @Produces(MediaType.WILDCARD)
    Response download(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                      @PathParam("name") String name, @PathParam("version") String version);

    @PUT
    @Path("/environments/{owner}/{name}/star")
    void star(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner, @PathParam("name") String name);

    @DELETE
    @Path("/environments/{owner}/{name}/star")
    void unstar(@HeaderParam("Authorization") String bearer, @PathParam("owner") String owner,
                @PathParam("name") String name);

    @GET
    @Path("/owners/{name}")
    Owner owner(@HeaderParam("Authorization") String bearer, @PathParam("name") String name);
}
