package io.envhub.registry.report;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code POST /api/v1/reports}: signed-in users report what is wrong (their list: {@link MyReportsResource}). */
@Path("/api/v1/reports")
@Produces(MediaType.APPLICATION_JSON)
public class ReportResource {
    private final ReportService reports;

    public ReportResource(ReportService reports) {
        this.reports = reports;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Report an environment, a version, an evaluation run or a bounty",
            description = "{target, reason, text}; target is owner/name, owner/name@version, owner/name/evals/<run id> or"
            + " bounty:<id>; reason is one "
            + "of malware, stolen-data, broken-reward, spam, other. One open report per user and target (409).")
    public Response create(ReportService.NewReport body) {
        return Response.status(201).entity(reports.create(body)).build();
    }
}
