package io.envhub.registry.report;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code POST /api/v1/reports} and {@code GET /api/v1/me/reports}: signed-in users report what is wrong. */
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
public class ReportResource {
    private final ReportService reports;

    public ReportResource(ReportService reports) {
        this.reports = reports;
    }

    @POST
    @Path("reports")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Report an environment, a version or a bounty", description = "{target, reason, text}; reason is one "
            + "of malware, stolen-data, broken-reward, spam, other. One open report per user and target (409).")
    public Response create(ReportService.NewReport body) {
        return Response.status(201).entity(reports.create(body)).build();
    }

    @GET
    @Path("me/reports")
    @Operation(summary = "The caller's reports and their state, newest first")
    public List<ReportView> mine() {
        return reports.mine();
    }
}
