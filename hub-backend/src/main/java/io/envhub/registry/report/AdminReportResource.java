package io.envhub.registry.report;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Admins read and dismiss reports ({@code /api/v1/admin/reports/{id}}); 404 for everyone else. */
@Path("/api/v1/admin/reports/{id}")
@Produces(MediaType.APPLICATION_JSON)
public class AdminReportResource {
    private final ReportService reports;

    public AdminReportResource(ReportService reports) {
        this.reports = reports;
    }

    /** Body of a dismissal. */
    public record DismissBody(String note) {
    }

    @GET
    @Operation(summary = "One report")
    public ReportView get(@PathParam("id") long id) {
        return reports.get(id);
    }

    @POST
    @Path("dismiss")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Dismiss an open report with a note")
    public ReportView dismiss(@PathParam("id") long id, DismissBody body) {
        return reports.dismiss(id, body == null ? null : body.note());
    }
}
