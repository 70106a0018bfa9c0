package io.envhub.bounty.admin;

import io.envhub.bounty.audit.AuditEvent;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** bounty-service's admin API: review-queue items and the audit trail (admins; 404 for everyone else). */
@Path("/api/v1/admin")
@Produces(MediaType.APPLICATION_JSON)
public class AdminResource {
    private final AdminService admin;

    public AdminResource(AdminService admin) {
        this.admin = admin;
    }

    @GET
    @Path("queue")
    @Operation(summary = "Bounty items of the review queue", description = "Applications pending longer than the configured "
            + "days, submissions waiting for review; kind: application or submission; state: open (closed: empty).")
    public List<AdminQueueItem> queue(@QueryParam("kind") String kind, @QueryParam("state") String state) {
        return admin.queue(kind, state);
    }

    @GET
    @Path("audit")
    @Operation(summary = "The bounty audit trail, newest first", description = "Filters: actor, target (entity:id, or a prefix "
            + "ending in *), action, from/to (ISO date or date-time; to exclusive), limit (default 100, at most 500).")
    public List<AuditEvent> audit(@QueryParam("actor") String actor, @QueryParam("target") String target,
                                  @QueryParam("action") String action, @QueryParam("from") String from,
                                  @QueryParam("to") String to, @QueryParam("limit") int limit) {
        return admin.audit(actor, target, action, time(from, "from", false), time(to, "to", true), limit);
    }

    static OffsetDateTime time(String value, String name, boolean end) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            if (value.length() == 10) {
                LocalDate d = LocalDate.parse(value);
                return (end ? d.plusDays(1) : d).atStartOfDay().atOffset(ZoneOffset.UTC);
            }
            return OffsetDateTime.parse(value);
        } catch (DateTimeParseException e) {
            throw new ApiException.Invalid("to".equals(name) ? ProblemCode.INVALID_TO : ProblemCode.INVALID_FROM,
                    name + " must be an ISO date (2026-12-01) or date-time.");
        }
    }
}
