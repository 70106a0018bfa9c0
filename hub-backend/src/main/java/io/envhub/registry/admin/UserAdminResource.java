package io.envhub.registry.admin;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/admin/users/{username}}: suspend, unsuspend, grant and remove {@code sponsor} (admins; 404 otherwise). */
@Path("/api/v1/admin/users/{username}")
@Produces(MediaType.APPLICATION_JSON)
public class UserAdminResource {
    private final UserAdminService users;

    public UserAdminResource(UserAdminService users) {
        this.users = users;
    }

    /** Body of an action on a user. */
    public record ReasonBody(String reason) {
    }

    @GET
    @Operation(summary = "A user's suspension state and realm roles")
    public UserAdminService.UserView get(@PathParam("username") String username) {
        return users.get(username);
    }

    @POST
    @Path("suspend")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Suspend a user", description = "Their tokens stop working at once and they cannot sign in; reason mandatory.")
    public UserAdminService.UserView suspend(@PathParam("username") String username, ReasonBody body) {
        return users.suspend(username, body == null ? null : body.reason());
    }

    @POST
    @Path("unsuspend")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Lift a user's suspension")
    public UserAdminService.UserView unsuspend(@PathParam("username") String username, ReasonBody body) {
        return users.unsuspend(username, body == null ? null : body.reason());
    }

    @PUT
    @Path("roles/{role}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Grant a realm role (only sponsor)")
    public UserAdminService.UserView grant(@PathParam("username") String username, @PathParam("role") String role, ReasonBody body) {
        return users.setRole(username, role, true, body == null ? null : body.reason());
    }

    @DELETE
    @Path("roles/{role}")
    @Operation(summary = "Remove a realm role (only sponsor)")
    public UserAdminService.UserView remove(@PathParam("username") String username, @PathParam("role") String role) {
        return users.setRole(username, role, false, null);
    }
}
