package io.envhub.registry.publish;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;

/** {@code POST /api/v1/environments/{owner}/{name}/versions}: push a wheel as a new version. */
@Path("/api/v1/environments/{owner}/{name}/versions")
public class PublishResource {
    private final PublishService publisher;

    public PublishResource(PublishService publisher) {
        this.publisher = publisher;
    }

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Publish a version", description = "Multipart field 'file' (the wheel), optional 'sha256' (hex, "
            + "checked against the received bytes) and 'visibility' (public|private, for a new environment). The first "
            + "push creates the environment. Refusals: 400 (not a wheel, unsafe archive, bad metadata, name mismatch, "
            + "hash mismatch), 401, 403, 409 (version or file name used before), 413 (too large).")
    public Response publish(@PathParam("owner") String owner, @PathParam("name") String name,
                            @RestForm("file") FileUpload file, @RestForm("sha256") String sha256,
                            @RestForm("visibility") String visibility) {
        if (file == null) {
            throw new io.envhub.registry.error.ApiException.Invalid("file-missing",
                    "Send the wheel as the multipart field 'file'.");
        }
        PublishService.Published p = publisher.publish(owner, name, file.uploadedFile(), file.fileName(), sha256, visibility);
        URI location = URI.create("/api/v1/environments/" + p.owner() + "/" + p.name() + "/versions/" + p.version());
        return Response.created(location).entity(p).build();
    }
}
