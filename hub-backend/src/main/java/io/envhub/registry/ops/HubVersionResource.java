package io.envhub.registry.ops;

import io.envhub.contract.api.HubVersion;
import io.envhub.registry.publish.upload.UploadConfig;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code GET /api/v1/version}: the hub's build version and API revision (the CLI's {@code --version} compares them), and
 * its wheel size limit (the CLI refuses a larger wheel before uploading it).
 */
@Path("/api/v1/version")
public class HubVersionResource {
    private final String version;
    private final UploadConfig upload;

    public HubVersionResource(@ConfigProperty(name = "quarkus.application.version", defaultValue = "unknown") String version,
                              UploadConfig upload) {
        this.version = version;
        this.upload = upload;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public HubVersion version() {
        return new HubVersion(version, HubVersion.API_VERSION, upload.maxBytes());
    }
}
