package io.envhub.registry.audit;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AdminGate;
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

/** {@code GET /api/v1/admin/audit}: the hub's audit trail (admins only; 404 for everyone else). */
@Path("/api/v1/admin/audit")
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {
    private final AuditLog log;
    private final AdminGate gate;

    public AuditResource(AuditLog log, AdminGate gate) {
        this.log = log;
        this.gate = gate;
    }

    @GET
    @Operation(summary = "Audit events, newest first", description = "Filters: actor (username), target (exact, or a prefix "
            + "ending in *), action, from/to (ISO date or date-time; to is exclusive), limit (default 100, at most 500).")
    public List<AuditEvent> search(@QueryParam("actor") String actor, @QueryParam("target") String target,
                                   @QueryParam("action") String action, @QueryParam("from") String from,
                                   @QueryParam("to") String to, @QueryParam("limit") int limit) {
        gate.requireAdmin();
        return log.search(new AuditLog.Filter(actor, target, action, time(from, "from", false), time(to, "to", true), limit));
    }

    /** An ISO date-time, or a date (its start; for {@code to}, the start of the next day so the day is included). */
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
