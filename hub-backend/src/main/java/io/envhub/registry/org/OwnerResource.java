package io.envhub.registry.org;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.envhub.registry.model.Owner;
import io.envhub.kit.error.ApiException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/owners/{name}}: a user or an organisation, as the public sees it. */
@Path("/api/v1/owners")
@Produces(MediaType.APPLICATION_JSON)
public class OwnerResource {
    private final OrgService orgs;

    public OwnerResource(OrgService orgs) {
        this.orgs = orgs;
    }

    /** An owner; {@code members} only for organisations. */
    public record OwnerView(String kind, String name, String displayName, OffsetDateTime createdAt,
                            @JsonInclude(JsonInclude.Include.NON_NULL) List<OrgService.Member> members) {
        static OwnerView of(Owner owner, List<OrgService.Member> members) {
            return new OwnerView(owner.kind, owner.name, owner.displayName, owner.createdAt, owner.isOrg() ? members : null);
        }
    }

    @GET
    @Path("/{name}")
    @Operation(summary = "A user or an organisation", description = "Organisations list their members.")
    public OwnerView owner(@PathParam("name") String name) {
        Owner owner = Owner.findByName(name).orElseThrow(() -> new ApiException.NotFound("'" + name + "' does not exist."));
        return OwnerView.of(owner, owner.isOrg() ? orgs.members(owner) : null);
    }
}
