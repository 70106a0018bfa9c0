package io.envhub.web.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.error.Problems;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The one review queue: hub-backend's items and bounty-service's, merged newest first. A service
 * that does not answer leaves its part out and says so ({@link Merged#unavailable()}), instead of failing the page.
 */
@ApplicationScoped
public class AdminQueue {
    private static final Logger LOG = Logger.getLogger(AdminQueue.class);

    /** The merged list, and the services whose part is missing. */
    public record Merged(List<QueueItem> items, List<String> unavailable) {
    }

    private final AdminClient hub;
    private final BountyAdminClient bounty;

    public AdminQueue(AdminClient hub, BountyAdminClient bounty) {
        this.hub = hub;
        this.bounty = bounty;
    }

    /** The queue filtered by kind and state (null: all); bounty kinds are asked of bounty-service only, and so on. */
    public Merged items(String bearer, String kind, String state) {
        boolean bountyKind = QueueFilters.bountyKind(kind);
        boolean hubKind = kind == null || !bountyKind;
        Part fromHub = hubKind ? part("hub-backend", "hub", b -> hub.queue(b, kind, state), bearer) : Part.EMPTY;
        Part fromBounty = kind == null || bountyKind
                ? part("bounty-service", "bounty", b -> bounty.queue(b, kind, state), bearer) : Part.EMPTY;
        List<QueueItem> all = new ArrayList<>();
        List<String> down = new ArrayList<>();
        for (Part p : List.of(fromHub, fromBounty)) {
            all.addAll(p.items());
            if (p.down() != null) {
                down.add(p.down());
            }
        }
        all.sort(Comparator.comparing(QueueItem::createdAt, Comparator.nullsLast(Comparator.<OffsetDateTime>reverseOrder())));
        return new Merged(all, down);
    }

    private record Part(List<QueueItem> items, String down) {
        static final Part EMPTY = new Part(List.of(), null);
    }

    private static Part part(String name, String service, Function<String, JsonNode> call, String bearer) {
        try {
            List<QueueItem> items = new ArrayList<>();
            for (JsonNode n : list(call.apply(bearer))) {
                items.add(QueueItem.of(service, n));
            }
            return new Part(items, null);
        } catch (WebApplicationException e) {
            LOG.warnf("%s queue answered %d", name, Problems.status(e));
            return new Part(List.of(), name);
        } catch (ProcessingException e) {
            LOG.warnf("%s queue unreachable: %s", name, e.getMessage());
            return new Part(List.of(), name);
        }
    }

    /** The items of an answer that is a list, or an object holding one under {@code items}. */
    static JsonNode list(JsonNode answer) {
        if (answer == null) {
            return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        }
        if (answer.isArray()) {
            return answer;
        }
        for (String field : new String[] {"items", "events", "entries", "results"}) {
            if (answer.path(field).isArray()) {
                return answer.get(field);
            }
        }
        return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
    }
}
