package io.envhub.registry.report;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/me/reports}: the caller's reports and their state. */
@Path("/api/v1/me/reports")
@Produces(MediaType.APPLICATION_JSON)
public class MyReportsResource {
    private final ReportService reports;

    public MyReportsResource(ReportService reports) {
        this.reports = reports;
    }

    @GET
    @Operation(summary = "The caller's reports and their state, newest first")
    public List<ReportView> mine() {
        return reports.mine();
    }
}
