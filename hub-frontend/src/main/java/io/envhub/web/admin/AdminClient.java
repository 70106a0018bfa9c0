package io.envhub.web.admin;

import static io.envhub.web.client.ServiceJson.path;
import static io.envhub.web.client.ServiceJson.query;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.api.ReferenceSet;
import io.envhub.web.client.HubBackend;
import io.envhub.web.client.ServiceJson;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.util.List;

/**
 * hub-backend's admin API ({@code /api/v1/admin/...}) over contract's JSON client ({@link ServiceJson}), called with
 * the admin's own token: hub-backend answers 404 to anyone without the {@code admin} role, so these calls only work
 * for admins. Answers are read as JSON trees ({@link QueueItem}, {@link AuditEntry}) so that a field added on the
 * backend does not break the console; reference sets as contract's {@link ReferenceSet}.
 */
@ApplicationScoped
public class AdminClient {
    private static final String ADMIN = "/api/v1/admin";
    private static final String VERSION = ADMIN + "/environments/{}/{}/versions/{}";
    private static final String RUN = ADMIN + "/environments/{}/{}/evals/{}";
    private static final TypeReference<List<ReferenceSet>> SETS = new TypeReference<>() { };

    private final ServiceJson hub;

    public AdminClient(@HubBackend ServiceJson hub) {
        this.hub = hub;
    }

    /** A body with a reason ({@code {"reason"}}) or a note ({@code {"note"}}, dismissing a report). */
    public record Reason(String reason, String note) {
    }

    /** A validation status set by hand, with its mandatory reason. */
    public record StatusOverride(String status, String reason) {
    }

    public List<ReferenceSet> referenceSets(String bearer) {
        return hub.get(bearer, ADMIN + "/reference-sets", SETS);
    }

    /** Registers a reference set from its items, one JSON object a line. */
    public ReferenceSet addReferenceSet(String bearer, String name, String sourceUrl, String licence, InputStream items) {
        HttpRequest.Builder request = hub.request(query(ADMIN + "/reference-sets", "name", name, "sourceUrl", sourceUrl,
                "licence", licence)).header("Content-Type", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> items));
        return hub.bind(hub.send(bearer, request, false), ReferenceSet.class);
    }

    public void removeReferenceSet(String bearer, String name) {
        hub.call(bearer, "DELETE", path(ADMIN + "/reference-sets/{}", name), null);
    }

    public JsonNode queue(String bearer, String kind, String state) {
        return hub.call(bearer, "GET", query(ADMIN + "/queue", "kind", kind, "state", state), null);
    }

    public JsonNode dismiss(String bearer, long id, Reason body) {
        return hub.call(bearer, "POST", path(ADMIN + "/reports/{}/dismiss", id), body);
    }

    public JsonNode quarantine(String bearer, String owner, String name, String version, Reason body) {
        return hub.call(bearer, "POST", path(VERSION + "/quarantine", owner, name, version), body);
    }

    public void lift(String bearer, String owner, String name, String version, Reason body) {
        hub.call(bearer, "DELETE", path(VERSION + "/quarantine", owner, name, version), body);
    }

    public JsonNode revalidate(String bearer, String owner, String name, String version) {
        return hub.call(bearer, "POST", path(VERSION + "/revalidate", owner, name, version), null);
    }

    public JsonNode overrideStatus(String bearer, String owner, String name, String version, StatusOverride body) {
        return hub.call(bearer, "POST", path(VERSION + "/status", owner, name, version), body);
    }

    /** {@code unlist} or {@code relist}. */
    public JsonNode listing(String bearer, String owner, String name, String action, Reason body) {
        return hub.call(bearer, "POST", path(ADMIN + "/environments/{}/{}/{}", owner, name, action), body);
    }

    public JsonNode hideRun(String bearer, String owner, String name, long id, Reason body) {
        return hub.call(bearer, "POST", path(RUN + "/hide", owner, name, id), body);
    }

    public JsonNode unhideRun(String bearer, String owner, String name, long id, Reason body) {
        return hub.call(bearer, "DELETE", path(RUN + "/hide", owner, name, id), body);
    }

    public void deleteRun(String bearer, String owner, String name, long id, Reason body) {
        hub.call(bearer, "DELETE", path(RUN, owner, name, id), body);
    }

    public JsonNode user(String bearer, String username) {
        return hub.call(bearer, "GET", path(ADMIN + "/users/{}", username), null);
    }

    /** {@code suspend} or {@code unsuspend}. */
    public JsonNode suspension(String bearer, String username, String action, Reason body) {
        return hub.call(bearer, "POST", path(ADMIN + "/users/{}/{}", username, action), body);
    }

    public JsonNode grantRole(String bearer, String username, String role) {
        return hub.call(bearer, "PUT", path(ADMIN + "/users/{}/roles/{}", username, role), null);
    }

    public void removeRole(String bearer, String username, String role) {
        hub.call(bearer, "DELETE", path(ADMIN + "/users/{}/roles/{}", username, role), null);
    }

    public JsonNode audit(String bearer, String actor, String target, String action, String from, String to,
                          Integer limit) {
        return hub.call(bearer, "GET", query(ADMIN + "/audit", "actor", actor, "target", target, "action", action,
                "from", from, "to", to, "limit", limit), null);
    }
}
