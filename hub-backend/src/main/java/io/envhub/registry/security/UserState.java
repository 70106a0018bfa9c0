package io.envhub.registry.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * A user's current state in Keycloak (enabled, effective realm roles), read with the backend's own service account
 * through Keycloak's admin REST API and cached per user for {@link SecurityConfig#userStateTtl()}. Personal access
 * tokens are checked against it on every use, so that disabling a user or removing a role takes effect within the TTL
 * (a token's roles are never those of the user's last sign-in). Other account checks (e.g. a suspension by an admin)
 * belong here too, in {@link State#active()}.
 */
@ApplicationScoped
public class UserState {
    private static final Logger LOG = Logger.getLogger(UserState.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final SecurityConfig config;
    private final ObjectMapper json;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();
    private volatile ServiceToken serviceToken;

    public UserState(SecurityConfig config, ObjectMapper json) {
        this.config = config;
        this.json = json;
    }

    /** What Keycloak says about a user now: whether the account is enabled, and its effective realm roles. */
    public record State(boolean enabled, Set<String> realmRoles) {
        public State {
            realmRoles = Set.copyOf(realmRoles);
        }

        /** Whether the account may act at all. */
        public boolean active() {
            return enabled;
        }
    }

    private record Cached(Optional<State> state, Instant until) {
    }

    private record ServiceToken(String value, Instant until) {
    }

    /** Thrown when Keycloak cannot be asked (down, or the service account lacks rights): callers must fail closed. */
    public static final class Unavailable extends RuntimeException {
        Unavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * The current state of the user with this Keycloak subject (user id); empty when Keycloak no longer knows them.
     * Cached for at most the configured TTL. Blocking: call from a worker thread.
     */
    public Optional<State> of(String subject) {
        Instant now = Instant.now();
        Cached cached = cache.get(subject);
        if (cached != null && now.isBefore(cached.until())) {
            return cached.state();
        }
        Optional<State> state = fetch(subject);
        cache.put(subject, new Cached(state, now.plus(config.userStateTtl())));
        if (cache.size() > 10_000) {
            cache.entrySet().removeIf(e -> !now.isBefore(e.getValue().until()));
        }
        return state;
    }

    /** Whether Keycloak has a user with exactly this user name (signed in to the hub or not). Not cached. */
    public boolean usernameExists(String username) {
        JsonNode found = get(config.keycloakUrl() + "/admin/realms/" + config.realm() + "/users?exact=true&briefRepresentation=true"
                + "&username=" + URLEncoder.encode(username, StandardCharsets.UTF_8));
        if (found == null || !found.isArray()) {
            return false;
        }
        for (JsonNode user : found) {
            if (username.equalsIgnoreCase(user.path("username").asText())) {
                return true;
            }
        }
        return false;
    }

    /** Forgets what is cached about a user (after a change made through the hub itself). */
    public void forget(String subject) {
        cache.remove(subject);
    }

    private Optional<State> fetch(String subject) {
        String base = config.keycloakUrl() + "/admin/realms/" + config.realm() + "/users/"
                + URLEncoder.encode(subject, StandardCharsets.UTF_8);
        JsonNode user = get(base);
        if (user == null) {
            return Optional.empty();
        }
        JsonNode roles = get(base + "/role-mappings/realm/composite");
        Set<String> names = new HashSet<>();
        if (roles != null) {
            roles.forEach(r -> names.add(r.path("name").asText()));
        }
        return Optional.of(new State(user.path("enabled").asBoolean(false), names));
    }

    /** GET as the service account: the JSON body, or null for 404. */
    private JsonNode get(String url) {
        try {
            HttpResponse<String> res = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT)
                    .header("Authorization", "Bearer " + serviceToken()).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (res.statusCode() == 404) {
                return null;
            }
            if (res.statusCode() == 401) {
                serviceToken = null;
            }
            if (res.statusCode() != 200) {
                throw new Unavailable("Keycloak admin API answered HTTP " + res.statusCode() + " for a user look-up", null);
            }
            return json.readTree(res.body());
        } catch (IOException e) {
            throw new Unavailable("Keycloak admin API unreachable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unavailable("interrupted", e);
        }
    }

    private String serviceToken() throws IOException, InterruptedException {
        ServiceToken current = serviceToken;
        if (current != null && Instant.now().isBefore(current.until())) {
            return current.value();
        }
        String form = "grant_type=client_credentials&client_id=" + URLEncoder.encode(config.clientId(), StandardCharsets.UTF_8)
                + "&client_secret=" + URLEncoder.encode(config.clientSecret(), StandardCharsets.UTF_8);
        HttpResponse<String> res = http.send(HttpRequest.newBuilder(URI.create(config.keycloakUrl() + "/realms/" + config.realm()
                        + "/protocol/openid-connect/token")).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        if (res.statusCode() != 200) {
            LOG.warnf("the backend's service account (client %s) could not get a token: HTTP %d", config.clientId(), res.statusCode());
            throw new Unavailable("no service-account token: HTTP " + res.statusCode(), null);
        }
        JsonNode body = json.readTree(res.body());
        long lifetime = Math.max(10, body.path("expires_in").asLong(60) - 10);
        ServiceToken token = new ServiceToken(body.path("access_token").asText(), Instant.now().plusSeconds(lifetime));
        serviceToken = token;
        return token.value();
    }
}
