package io.envhub.registry.account;

import io.envhub.registry.security.AccessPolicy;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/me/environments}: the caller's environments and their organisations', with failed versions. */
@Path("/api/v1/me/environments")
public class MyEnvironmentsResource {
    private final AccessPolicy access;
    private final MyEnvironmentsService environments;

    public MyEnvironmentsResource(AccessPolicy access, MyEnvironmentsService environments) {
        this.access = access;
        this.environments = environments;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Your environments",
            description = "Every environment in your namespace and in the organisations you belong to, public and private, "
                    + "newest update first, each with its versions that failed validation (status failed or error) and why.")
    public List<MyEnvironment> list() {
        return environments.of(access.requireSignedIn());
    }
}
