package io.envhub.web.hub;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The public API of hub-backend, called with the signed-in user's own token. */
@RegisterRestClient(configKey = "hub-api")
@Path("/api/v1")
public interface HubApi {
    /** The account document of {@code GET /api/v1/me}. */
    record Me(long id, String username, String displayName, String email, List<String> roles, OffsetDateTime memberSince) {
    }

    @GET
    @Path("/me")
    @Produces(MediaType.APPLICATION_JSON)
    Me me(@HeaderParam("Authorization") String bearer);
}
