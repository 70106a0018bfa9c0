package io.envhub.stack.seed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.Problem;
import io.envhub.contract.http.Authorization;
import io.envhub.contract.http.JsonHttp;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The hub's public API as the demo seeder uses it: tokens for the demo users from Keycloak's public {@code envhub-dev}
 * client (password grant, local demo users only), then plain REST calls to hub-backend, each sent once through
 * contract's {@link JsonHttp}. Tokens are never printed.
 */
public final class SeedClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** User-Agent of the seeder's requests. */
    private static final String USER_AGENT = "envhub-seed/0.1";

    private final JsonHttp hub;
    private final String tokenUrl;

    /** An answer: status code and body text. */
    public record Answer(int status, String body) {
        /** The problem detail of an error answer, or the start of the body. */
        public String reason() {
            try {
                Problem p = JSON.readValue(body, Problem.class);
                if (p != null && p.detail() != null) {
                    return p.detail();
                }
            } catch (IOException e) {
                // not JSON: fall through
            }
            return body.length() > 160 ? body.substring(0, 160) + "..." : body;
        }
    }

    public SeedClient(String hubUrl, String keycloakUrl) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .followRedirects(HttpClient.Redirect.NEVER).build();
        this.hub = new JsonHttp(http, JSON, strip(hubUrl), USER_AGENT).withTimeout(TIMEOUT);
        this.tokenUrl = strip(keycloakUrl) + "/realms/envhub/protocol/openid-connect/token";
    }

    /** An access token for a demo user (its password is its name, see the README). */
    public String token(String user) throws IOException, InterruptedException {
        String form = "grant_type=password&client_id=envhub-dev&username=" + enc(user) + "&password=" + enc(user);
        Answer a = send(null, hub.request(tokenUrl).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)));
        if (a.status() != 200) {
            throw new IOException("Keycloak refused a token for demo user " + user + " (HTTP " + a.status() + ")");
        }
        return JSON.readTree(a.body()).path("access_token").asText();
    }

    /** {@code POST /api/v1/orgs}. */
    public Answer createOrg(String token, String name, String displayName) throws IOException, InterruptedException {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("displayName", displayName);
        return send(token, hub.request("/api/v1/orgs").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    /** {@code PUT /api/v1/environments/{owner}/{name}/files/{filename}?sha256=&visibility=}: a push of the raw wheel. */
    public Answer push(String token, String owner, String name, String filename, byte[] wheel, String visibility)
            throws IOException, InterruptedException {
        String path = "/api/v1/environments/" + owner + "/" + name + "/files/" + enc(filename)
                + "?sha256=" + sha256(wheel) + "&visibility=" + enc(visibility);
        return send(token, hub.request(path).header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(wheel)));
    }

    /** {@code GET /api/v1/environments/{owner}/{name}/versions}: version to status. */
    public Map<String, String> versionStatuses(String token, String owner, String name)
            throws IOException, InterruptedException {
        Answer a = send(token, hub.request("/api/v1/environments/" + owner + "/" + name + "/versions").GET());
        Map<String, String> out = new LinkedHashMap<>();
        if (a.status() == 200) {
            JSON.readTree(a.body()).forEach(v -> out.put(v.path("version").asText(), v.path("trustStatus").asText()));
        }
        return out;
    }

    /** {@code PUT /api/v1/environments/{owner}/{name}/star}. */
    public Answer star(String token, String owner, String name) throws IOException, InterruptedException {
        return send(token, hub.request("/api/v1/environments/" + owner + "/" + name + "/star")
                .PUT(HttpRequest.BodyPublishers.noBody()));
    }

    /** {@code GET .../versions/{version}/download}, anonymously and without following the redirect (302). */
    public Answer download(String owner, String name, String version) throws IOException, InterruptedException {
        return send(null, hub.request("/api/v1/environments/" + owner + "/" + name + "/versions/" + version + "/download")
                .GET());
    }

    /** {@code GET /api/v1/environments?...} as anonymous: the search document. */
    public JsonNode search(String query) throws IOException, InterruptedException {
        Answer a = send(null, hub.request("/api/v1/environments?" + query).GET());
        if (a.status() != 200) {
            throw new IOException("search answered HTTP " + a.status() + ": " + a.reason());
        }
        return JSON.readTree(a.body());
    }

    /** Sends once, as {@code token}'s user (anonymously when null); any answer is returned as it is. */
    private Answer send(String token, HttpRequest.Builder request) throws IOException, InterruptedException {
        JsonHttp as = token == null ? hub : hub.withAuth(Authorization.bearer(() -> token));
        HttpResponse<String> r = as.send(request, false, true, HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body() == null ? "" : r.body());
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String strip(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
