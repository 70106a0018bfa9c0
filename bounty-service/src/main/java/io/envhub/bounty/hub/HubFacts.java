package io.envhub.bounty.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.bounty.BountyConfig;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.bountyfacts.VersionFacts;
import io.envhub.contract.http.Authorization;
import io.envhub.contract.http.JsonHttp;
import io.envhub.kit.auth.ServiceAccount;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Asks hub-backend (internal API, as the bounty-service service account) about environment versions and publishers.
 * hub-backend unreachable or refusing: 503 {@code hub-unavailable}, nothing is recorded. Calls go once through
 * contract's {@link JsonHttp}; anything but a 200 fails closed.
 */
@ApplicationScoped
public class HubFacts {
    private static final Logger LOG = Logger.getLogger(HubFacts.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Asked while a request waits for its authentication: a hanging hub-backend must not hold it long. */
    private static final Duration STANDING_TIMEOUT = Duration.ofSeconds(3);
    /** User-Agent of bounty-service's requests. */
    private static final String USER_AGENT = "envhub-bounty-service/0.1";

    private final ObjectMapper json;
    private final JsonHttp hub;

    public HubFacts(ServiceAccount account, ObjectMapper json, BountyConfig config) {
        this.json = json;
        this.hub = new JsonHttp(HttpClient.newBuilder().connectTimeout(TIMEOUT).build(), json, config.hubUrl(), USER_AGENT)
                .withAuth(Authorization.bearer(account::accessToken));
    }

    /** Facts about {@code owner/name@version}. */
    public VersionFacts version(String owner, String name, String version) {
        JsonNode body = get("/internal/v1/bounty-facts/versions/" + seg(owner) + "/" + seg(name) + "/" + seg(version));
        return json.convertValue(body, VersionFacts.class);
    }

    /** Whether the user with this Keycloak subject may publish to {@code owner}. */
    public boolean mayPublish(String owner, String subject) {
        return get("/internal/v1/bounty-facts/publishers/" + seg(owner) + "?subject=" + seg(subject)).path("mayPublish")
                .asBoolean(false);
    }

    /**
     * Whether the user with this Keycloak subject is suspended by an admin (hub-backend's {@code hub.suspensions}).
     * Blocking; throws 503 {@code hub-unavailable} when hub-backend cannot answer.
     */
    public boolean suspended(String subject) {
        JsonNode body = get("/internal/v1/bounty-facts/users/" + seg(subject) + "/standing", STANDING_TIMEOUT);
        JsonNode suspended = body.get("suspended");
        if (suspended == null || !suspended.isBoolean()) {
            LOG.warn("hub-backend's standing answer has no boolean 'suspended'");
            throw unavailable();
        }
        return suspended.booleanValue();
    }

    private JsonNode get(String path) {
        return get(path, TIMEOUT);
    }

    private JsonNode get(String path, Duration timeout) {
        try {
            HttpResponse<String> response = hub.withTimeout(timeout).send(hub.request(path).GET(), false, true,
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                LOG.warnf("hub-backend answered %d to %s", response.statusCode(), path);
                throw unavailable();
            }
            return json.readTree(response.body());
        } catch (IOException | RuntimeException e) {
            if (e instanceof ApiException api) {
                throw api;
            }
            LOG.warnf("hub-backend unreachable for %s: %s", path, e.toString());
            throw unavailable();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable();
        }
    }

    private static ApiException unavailable() {
        return new ApiException.Unavailable(ProblemCode.HUB_UNAVAILABLE, "The registry could not be asked about the environment; "
                + "nothing was recorded. Try again shortly.");
    }

    private static String seg(String s) {
        return JsonHttp.encode(s);
    }
}
