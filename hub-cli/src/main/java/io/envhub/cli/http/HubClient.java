package io.envhub.cli.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.contract.http.Authorization;
import io.envhub.contract.http.JsonHttp;
import io.envhub.contract.http.ProblemException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The hub's REST API over {@code java.net.http}. Answers are JSON trees; refusals become {@link ApiProblem}s;
 * unreachable hubs become a {@link CliException} with exit code 3. Idempotent calls (GET, DELETE) are retried with
 * exponential backoff on network errors and on 502/503/504; other calls are sent once. A 401 with a Keycloak login
 * refreshes the access token and repeats the call once. The plumbing is contract's {@link JsonHttp}.
 */
public final class HubClient {
    /** User-Agent of every request. */
    public static final String USER_AGENT = "envhub-cli/0.1";

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** Supplies the {@code Authorization} header. */
    public interface Auth extends Authorization {
        /**
         * The header value for the next request.
         *
         * @return e.g. {@code Bearer ...}, or empty when anonymous
         */
        @Override
        Optional<String> authorization();

        /**
         * Called after a 401; returns true when fresh credentials are available and the call should be repeated.
         *
         * @return whether to repeat
         */
        @Override
        boolean refreshAfterUnauthorized();
    }

    private final String base;
    private final ObjectMapper mapper;
    private JsonHttp http;

    /**
     * Creates a client.
     *
     * @param base hub base URL without trailing slash
     * @param http HTTP client (must not follow redirects)
     * @param mapper JSON mapper
     * @param auth credentials
     */
    public HubClient(String base, HttpClient http, ObjectMapper mapper, Auth auth) {
        this.base = base;
        this.mapper = mapper;
        this.http = new JsonHttp(http, mapper, base, USER_AGENT).withAuth(auth).withTimeout(TIMEOUT)
                .withRetries(4, Duration.ofMillis(300), Sleeper.REAL::sleep);
    }

    /**
     * Changes the retry policy (tests).
     *
     * @param sleeper how to wait between attempts
     * @param maxAttempts attempts of an idempotent call, at least 1
     * @param backoff first wait; doubled after each failure
     * @return this client
     */
    public HubClient retries(Sleeper sleeper, int maxAttempts, Duration backoff) {
        this.http = http.withRetries(maxAttempts, backoff, sleeper::sleep);
        return this;
    }

    /** The hub base URL. */
    public String base() {
        return base;
    }

    /**
     * Builds an absolute URL from path segments (each one percent-encoded).
     *
     * @param segments path segments after the base, e.g. {@code "api", "v1", "me"}
     * @return the URL
     */
    public String url(String... segments) {
        StringBuilder sb = new StringBuilder(base);
        for (String s : segments) {
            sb.append('/').append(encode(s));
        }
        return sb.toString();
    }

    /**
     * Percent-encodes a path segment or query value.
     *
     * @param s raw text
     * @return encoded text
     */
    public static String encode(String s) {
        return JsonHttp.encode(s);
    }

    /**
     * GET, retried.
     *
     * @param url absolute URL
     * @param situation for messages
     * @return the JSON answer
     */
    public JsonNode get(String url, Situation situation) {
        return json(send(HttpRequest.newBuilder(URI.create(url)).GET(), true), situation);
    }

    /**
     * POST with a JSON body (or none), sent once.
     *
     * @param url absolute URL
     * @param body object to serialize, or null for an empty body
     * @param situation for messages
     * @return the JSON answer (missing node when empty)
     */
    public JsonNode post(String url, Object body, Situation situation) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url));
        if (body == null) {
            b.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(write(body)));
        }
        return json(send(b, false), situation);
    }

    /**
     * DELETE, retried.
     *
     * @param url absolute URL
     * @param situation for messages
     * @return the JSON answer (missing node when empty)
     */
    public JsonNode delete(String url, Situation situation) {
        return json(send(HttpRequest.newBuilder(URI.create(url)).DELETE(), true), situation);
    }

    /**
     * Sends a prepared request once (uploads) and reads the JSON answer.
     *
     * @param builder request with method and body
     * @param situation for messages
     * @return the JSON answer
     */
    public JsonNode sendOnce(HttpRequest.Builder builder, Situation situation) {
        return json(send(builder, false), situation);
    }

    /**
     * GET that streams the body, retried on network errors; no redirects are followed and error answers are
     * returned as they are (the caller decides).
     *
     * @param url absolute URL
     * @param withAuth whether to send credentials (never to a presigned object-store URL)
     * @return the response; close its body
     */
    public HttpResponse<InputStream> stream(String url, boolean withAuth) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).GET();
        return exchange(b, true, withAuth, HttpResponse.BodyHandlers.ofInputStream());
    }

    private HttpResponse<String> send(HttpRequest.Builder builder, boolean idempotent) {
        return exchange(builder, idempotent, true, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private <T> HttpResponse<T> exchange(HttpRequest.Builder builder, boolean idempotent, boolean withAuth,
                                         HttpResponse.BodyHandler<T> handler) {
        try {
            return http.send(builder, idempotent, withAuth, handler);
        } catch (IOException e) {
            throw unreachable(builder.copy().build().uri(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "interrupted", e);
        }
    }

    /**
     * Reads an answer as one of the contract's records ({@code io.envhub.contract.api}); names the record does not know
     * are ignored when the mapper is the CLI's ({@link CliJson}).
     *
     * @param answer the JSON answer
     * @param type the record
     * @param <T> its type
     * @return the record
     */
    public <T> T read(JsonNode answer, Class<T> type) {
        return read(answer, mapper.getTypeFactory().constructType(type));
    }

    /**
     * Reads an answer that is a JSON array as a list of the contract's records.
     *
     * @param answer the JSON array
     * @param type the record of each element
     * @param <T> its type
     * @return the records
     */
    public <T> List<T> readList(JsonNode answer, Class<T> type) {
        return read(answer, mapper.getTypeFactory().constructCollectionType(List.class, type));
    }

    private <T> T read(JsonNode answer, JavaType type) {
        try {
            return mapper.treeToValue(answer, type);
        } catch (JsonProcessingException e) {
            throw notA(type, e.getOriginalMessage(), e);
        } catch (IllegalArgumentException e) {
            throw notA(type, e.getMessage(), e);
        }
    }

    private CliException notA(JavaType type, String why, Exception cause) {
        return new CliException(ExitCodes.NETWORK_OR_AUTH, "the hub at " + base + " answered JSON that is not a "
                + type.getRawClass().getSimpleName() + " (" + why + ") — is --hub-url an EnvHub?", cause);
    }

    private JsonNode json(HttpResponse<String> res, Situation situation) {
        try {
            return http.json(res);
        } catch (ProblemException e) {
            throw ApiProblem.of(e.status(), e.body(), mapper).in(situation);
        } catch (IOException e) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "the hub at " + base + " answered " + res.statusCode()
                    + " with something that is not JSON — is --hub-url an EnvHub?", e);
        }
    }

    private String write(Object body) {
        try {
            return mapper.writeValueAsString(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The exception for a host that cannot be reached.
     *
     * @param uri the address
     * @param e the network failure
     * @return exit code 3 with a hint
     */
    public static CliException unreachable(URI uri, IOException e) {
        String reason = e instanceof ConnectException ? "connection refused"
                : e instanceof HttpTimeoutException ? "timed out"
                : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String where = uri.getScheme() + "://" + uri.getAuthority();
        return new CliException(ExitCodes.NETWORK_OR_AUTH, "cannot reach " + where + " (" + reason
                + ") — is it running? Set the hub with --hub-url or ENVHUB_URL", e);
    }
}
