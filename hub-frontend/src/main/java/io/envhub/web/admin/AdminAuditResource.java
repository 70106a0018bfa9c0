package io.envhub.web.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.account.Viewer;
import io.envhub.web.error.Problems;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * {@code /admin/audit}: both services' audit logs in one table, newest first, filtered by actor, target, action
 * and dates (passed to the services, and the dates applied here again for a service that ignores them). Admins only.
 */
@Path("/admin")
@Produces(MediaType.TEXT_HTML)
public class AdminAuditResource {
    private static final Logger LOG = Logger.getLogger(AdminAuditResource.class);
    /** Most rows shown at once. */
    static final int MAX_ROWS = 500;

    private final Viewer viewer;
    private final AdminGate gate;
    private final AdminClient hub;
    private final BountyAdminClient bounty;

    public AdminAuditResource(Viewer viewer, AdminGate gate, AdminClient hub, BountyAdminClient bounty) {
        this.viewer = viewer;
        this.gate = gate;
        this.hub = hub;
        this.bounty = bounty;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance audit(Viewer viewer, AuditQuery query, List<AuditEntry> entries,
                                             List<String> unavailable);
    }

    @GET
    @Path("/audit")
    public TemplateInstance audit(@QueryParam("actor") String actor, @QueryParam("target") String target,
                                  @QueryParam("action") String action, @QueryParam("from") String from,
                                  @QueryParam("to") String to) {
        String bearer = gate.bearer();
        AuditQuery q = AuditQuery.of(actor, target, action, from, to);
        List<AuditEntry> entries = new ArrayList<>();
        List<String> down = new ArrayList<>();
        read("hub-backend", "hub", () -> hub.audit(bearer, q.actor(), q.target(), q.action(), q.from(), q.to(), MAX_ROWS), entries, down);
        read("bounty-service", "bounty", () -> bounty.audit(bearer, q.actor(), q.target(), q.action(), q.from(), q.to(),
                MAX_ROWS), entries, down);
        List<AuditEntry> shown = entries.stream().filter(e -> q.within(e.at()))
                .sorted(Comparator.comparing(AuditEntry::at, Comparator.nullsLast(Comparator.<OffsetDateTime>reverseOrder())))
                .limit(MAX_ROWS).toList();
        return Templates.audit(viewer, q, shown, down);
    }

    private static void read(String name, String service, Supplier<JsonNode> call, List<AuditEntry> into, List<String> down) {
        try {
            for (JsonNode n : AdminQueue.list(call.get())) {
                into.add(AuditEntry.of(service, n));
            }
        } catch (WebApplicationException e) {
            LOG.warnf("%s audit answered %d", name, Problems.status(e));
            down.add(name);
        } catch (ProcessingException e) {
            LOG.warnf("%s audit unreachable: %s", name, e.getMessage());
            down.add(name);
        }
    }
}
