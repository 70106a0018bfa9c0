package io.envhub.registry.publish;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.net.URI;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code PUT /api/v1/environments/{owner}/{name}/files/{filename}}: push a wheel as the raw request body. */
@Path("/api/v1/environments/{owner}/{name}/files/{filename}")
public class UploadResource {
    private final StreamingPublisher publisher;

    public UploadResource(StreamingPublisher publisher) {
        this.publisher = publisher;
    }

    @PUT
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Publish a version (raw body)", description = "The body is the wheel itself; {filename} is its "
            + "file name. Query 'sha256' (hex, recommended: the bytes then stream to storage while they arrive and are "
            + "checked against it) and 'visibility' (public|private, for a new environment). Same refusals as the "
            + "multipart push; permission and file name are checked before the body is read.")
    public Response upload(@PathParam("owner") String owner, @PathParam("name") String name,
                           @PathParam("filename") String filename, @QueryParam("sha256") String sha256,
                           @QueryParam("visibility") String visibility, @HeaderParam("Content-Length") String length,
                           InputStream body) {
        PublishService.Published p = publisher.publish(owner, name, filename, body, parseLength(length), sha256, visibility);
        URI location = URI.create("/api/v1/environments/" + p.owner() + "/" + p.name() + "/versions/" + p.version());
        return Response.created(location).entity(p).build();
    }

    private static long parseLength(String value) {
        try {
            return value == null ? -1 : Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
