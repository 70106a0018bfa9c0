package io.envhub.web.admin;

import static io.envhub.web.client.ServiceJson.query;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.client.BountyService;
import io.envhub.web.client.ServiceJson;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * bounty-service's admin API over the same {@link ServiceJson} as its bounty and money calls: its part of the review
 * queue (stale applications, submissions) and its audit log, read as JSON trees like hub-backend's ({@link AdminClient}).
 */
@ApplicationScoped
public class BountyAdminClient {
    private static final String ADMIN = "/api/v1/admin";

    private final ServiceJson bounties;

    public BountyAdminClient(@BountyService ServiceJson bounties) {
        this.bounties = bounties;
    }

    public JsonNode queue(String bearer, String kind, String state) {
        return bounties.call(bearer, "GET", query(ADMIN + "/queue", "kind", kind, "state", state), null);
    }

    public JsonNode audit(String bearer, String actor, String target, String action, String from, String to,
                          Integer limit) {
        return bounties.call(bearer, "GET", query(ADMIN + "/audit", "actor", actor, "target", target, "action", action,
                "from", from, "to", to, "limit", limit), null);
    }
}
