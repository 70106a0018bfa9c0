package io.envhub.registry.publish;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

/** {@code POST /api/v1/environments/{owner}/{name}/versions}: push a wheel as a new version (multipart/form-data). */
@Path("/api/v1/environments/{owner}/{name}/versions")
public class PublishResource {
    private final StreamingPublisher publisher;

    public PublishResource(StreamingPublisher publisher) {
        this.publisher = publisher;
    }

    /** The form, for the OpenAPI document (the body is read as a stream, not bound to this class). */
    @Schema(name = "PushForm")
    public static final class PushForm {
        @Schema(description = "the wheel", format = "binary", required = true)
        public String file;
        @Schema(description = "sha256 of the wheel, hex; checked against the received bytes. Sent before 'file', it lets"
                + " the hub store the bytes while they arrive.")
        public String sha256;
        @Schema(description = "public (default) or private, for a new environment", enumeration = {"public", "private"})
        public String visibility;
    }

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Publish a version", description = "Multipart field 'file' (the wheel), optional 'sha256' (hex, "
            + "checked against the received bytes) and 'visibility' (public|private, for a new environment). The first "
            + "push creates the environment. The body is read as it arrives: hashed, checked and (with 'sha256' before "
            + "'file') stored in one pass. Refusals: 400 (not a wheel, unsafe archive, bad metadata, name mismatch, "
            + "hash mismatch), 401, 403, 409 (version or file name used before), 413 (too large).")
    @RequestBody(content = @Content(mediaType = MediaType.MULTIPART_FORM_DATA, schema = @Schema(implementation = PushForm.class)))
    public Response publish(@PathParam("owner") String owner, @PathParam("name") String name,
                            @HeaderParam("Content-Type") String contentType, InputStream body) {
        PublishService.Published p = publisher.publishMultipart(owner, name, contentType, body);
        URI location = URI.create("/api/v1/environments/" + p.owner() + "/" + p.name() + "/versions/" + p.version());
        return Response.created(location).entity(p).build();
    }
}
