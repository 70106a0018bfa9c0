package io.envhub.registry.benchmark;

import io.envhub.contract.api.ReferenceSet;
import io.envhub.registry.security.AdminGate;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/admin/reference-sets}: reference benchmarks (admins; 404 for everyone else, like every admin path).
 * A set is registered with its items as the request body, JSONL ({@code application/x-ndjson}, one JSON object a line
 * with {@code question} or {@code prompt} and an optional {@code answer}), and its name, source URL and licence note
 * as query parameters, so that {@code curl --data-binary @items.jsonl} sends a file as it is.
 */
@Path("/api/v1/admin/reference-sets")
@Produces(MediaType.APPLICATION_JSON)
public class ReferenceSetResource {
    /** The media type of the items. */
    public static final String NDJSON = "application/x-ndjson";

    private final ReferenceSetService sets;
    private final AdminGate admin;

    public ReferenceSetResource(ReferenceSetService sets, AdminGate admin) {
        this.sets = sets;
        this.admin = admin;
    }

    @POST
    @Consumes({NDJSON, "application/jsonl", MediaType.TEXT_PLAIN, MediaType.APPLICATION_OCTET_STREAM})
    @Operation(summary = "Register a reference benchmark", description = "Body: the items as JSONL (one object a line with"
            + " 'question' or 'prompt' and an optional 'answer'). Only their fingerprint is stored; every stored report is"
            + " re-checked against it in the background (see 'recheck').")
    public Response create(@QueryParam("name") String name, @QueryParam("sourceUrl") String sourceUrl,
                           @QueryParam("licence") String licence, InputStream items) {
        String by = admin.requireAdmin().name;
        ReferenceSet created = sets.create(name, sourceUrl, licence, items, by);
        return Response.created(URI.create("/api/v1/admin/reference-sets/" + created.name())).entity(created).build();
    }

    @GET
    @Operation(summary = "Reference benchmarks, with the progress of their re-checks")
    public List<ReferenceSet> list() {
        admin.requireAdmin();
        return sets.list();
    }

    @GET
    @Path("{name}")
    @Operation(summary = "One reference benchmark")
    public ReferenceSet get(@PathParam("name") String name) {
        admin.requireAdmin();
        return sets.get(name);
    }

    @DELETE
    @Path("{name}")
    @Operation(summary = "Remove a reference benchmark", description = "Reports that name it are re-checked in the background.")
    public Response delete(@PathParam("name") String name) {
        admin.requireAdmin();
        sets.delete(name);
        return Response.noContent().build();
    }
}
