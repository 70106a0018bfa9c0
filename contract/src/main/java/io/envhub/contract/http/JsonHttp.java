package io.envhub.contract.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;

/**
 * The plumbing every EnvHub client of a JSON API shares, over {@code java.net.http}: requests against a base URL with
 * a caller-chosen User-Agent, a per-request timeout and a pluggable {@code Authorization} header; JSON bodies in and
 * out; answers outside 2xx become a {@link ProblemException}. Idempotent calls are retried with exponential backoff on
 * network errors and on 502/503/504 (only when more than one attempt is configured; the default is one); a 401 may
 * refresh the credentials and repeat the call once ({@link Authorization#refreshAfterUnauthorized()}).
 *
 * <p>Instances are immutable: the {@code with...} methods return a changed copy, so a per-request timeout or another
 * user's token is {@code http.withTimeout(...).get(...)}. Network failures are thrown as {@link IOException}
 * ({@link java.net.http.HttpTimeoutException} for a timeout), interruption as {@link InterruptedException}.
 */
public final class JsonHttp {
    /** The {@code Accept} header of every request. */
    public static final String ACCEPT = "application/json, application/problem+json;q=0.9, */*;q=0.1";
    private static final Set<Integer> RETRY_STATUS = Set.of(502, 503, 504);

    private final HttpClient http;
    private final ObjectMapper mapper;
    private final String base;
    private final String userAgent;
    private final Authorization auth;
    private final Duration timeout;
    private final int attempts;
    private final Duration backoff;
    private final Sleeper sleeper;

    /**
     * Creates a client: anonymous, 60 s timeout, one attempt per call.
     *
     * @param http the transport (its redirect and connect-timeout policy is the caller's)
     * @param mapper JSON mapper
     * @param base base URL; a trailing slash is dropped
     * @param userAgent the {@code User-Agent} of every request
     */
    public JsonHttp(HttpClient http, ObjectMapper mapper, String base, String userAgent) {
        this(http, mapper, base.replaceAll("/+$", ""), userAgent, Authorization.NONE, Duration.ofSeconds(60), 1,
                Duration.ofMillis(300), Sleeper.REAL);
    }

    private JsonHttp(HttpClient http, ObjectMapper mapper, String base, String userAgent, Authorization auth,
                     Duration timeout, int attempts, Duration backoff, Sleeper sleeper) {
        this.http = http;
        this.mapper = mapper;
        this.base = base;
        this.userAgent = userAgent;
        this.auth = auth;
        this.timeout = timeout;
        this.attempts = attempts;
        this.backoff = backoff;
        this.sleeper = sleeper;
    }

    /** A copy with these credentials ({@link Authorization#NONE} for anonymous calls). */
    public JsonHttp withAuth(Authorization credentials) {
        return new JsonHttp(http, mapper, base, userAgent, credentials, timeout, attempts, backoff, sleeper);
    }

    /** A copy whose requests time out after {@code perRequest}. */
    public JsonHttp withTimeout(Duration perRequest) {
        return new JsonHttp(http, mapper, base, userAgent, auth, perRequest, attempts, backoff, sleeper);
    }

    /**
     * A copy with this retry policy for idempotent calls.
     *
     * @param maxAttempts attempts of an idempotent call, at least 1
     * @param firstBackoff first wait; doubled after each failure
     * @param waits how to wait
     * @return the copy
     */
    public JsonHttp withRetries(int maxAttempts, Duration firstBackoff, Sleeper waits) {
        return new JsonHttp(http, mapper, base, userAgent, auth, timeout, Math.max(1, maxAttempts), firstBackoff, waits);
    }

    /** The base URL, without trailing slash. */
    public String base() {
        return base;
    }

    /**
     * Percent-encodes a path segment or query value (a space is {@code %20}).
     *
     * @param s raw text
     * @return encoded text
     */
    public static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * A request builder for {@code pathOrUrl}: an absolute {@code http(s)://} URL as it is, else appended to the base.
     *
     * @param pathOrUrl e.g. {@code /api/v1/me}
     * @return the builder; {@link #send} adds the timeout and the common headers
     */
    public HttpRequest.Builder request(String pathOrUrl) {
        boolean absolute = pathOrUrl.startsWith("http://") || pathOrUrl.startsWith("https://");
        return HttpRequest.newBuilder(URI.create(absolute ? pathOrUrl : base + pathOrUrl));
    }

    /**
     * {@code GET}, retried, as JSON.
     *
     * @param pathOrUrl see {@link #request(String)}
     * @return the answer ({@link MissingNode} when empty)
     * @throws ProblemException on an answer outside 2xx
     * @throws IOException when unreachable or the answer is not JSON
     * @throws InterruptedException when interrupted
     */
    public JsonNode get(String pathOrUrl) throws IOException, InterruptedException {
        return json(send(request(pathOrUrl).GET(), true, true, HttpResponse.BodyHandlers.ofString()));
    }

    /**
     * {@code GET}, retried, bound to a record or class.
     *
     * @param pathOrUrl see {@link #request(String)}
     * @param type what to bind
     * @param <T> the type
     * @return the answer
     * @throws IOException when unreachable or the answer does not bind
     * @throws InterruptedException when interrupted
     */
    public <T> T get(String pathOrUrl, Class<T> type) throws IOException, InterruptedException {
        return mapper.treeToValue(get(pathOrUrl), type);
    }

    /**
     * {@code POST} with a JSON body (or none), sent once.
     *
     * @param pathOrUrl see {@link #request(String)}
     * @param body object to serialize, or null for an empty body
     * @return the answer ({@link MissingNode} when empty)
     * @throws IOException when unreachable or the answer is not JSON
     * @throws InterruptedException when interrupted
     */
    public JsonNode post(String pathOrUrl, Object body) throws IOException, InterruptedException {
        HttpRequest.Builder b = request(pathOrUrl);
        if (body == null) {
            b.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(mapper.writeValueAsBytes(body)));
        }
        return json(send(b, false, true, HttpResponse.BodyHandlers.ofString()));
    }

    /**
     * Reads an answer: 2xx as JSON ({@link MissingNode} when the body is empty), anything else as a refusal.
     *
     * @param res the answer
     * @return the JSON
     * @throws ProblemException on an answer outside 2xx
     * @throws IOException when a 2xx body is not JSON
     */
    public JsonNode json(HttpResponse<String> res) throws IOException {
        int status = res.statusCode();
        String body = res.body();
        if (status < 200 || status >= 300) {
            throw ProblemException.of(status, body, mapper);
        }
        return body == null || body.isBlank() ? MissingNode.getInstance() : mapper.readTree(body);
    }

    /**
     * Sends a request: adds the timeout, {@code User-Agent}, {@code Accept} and (when {@code withAuth})
     * {@code Authorization}; repeats once after a 401 the credentials could refresh; retries an idempotent call on
     * network errors and 502/503/504 while attempts remain. Error answers are returned as they are.
     *
     * @param builder request with method and body
     * @param idempotent whether it may be retried
     * @param withAuth whether to send credentials (never to a presigned object-store URL)
     * @param handler how to read the body
     * @param <T> the body type
     * @return the last answer; close an {@link InputStream} body
     * @throws IOException when the last attempt failed on the network
     * @throws InterruptedException when interrupted
     */
    public <T> HttpResponse<T> send(HttpRequest.Builder builder, boolean idempotent, boolean withAuth,
                                    HttpResponse.BodyHandler<T> handler) throws IOException, InterruptedException {
        builder.timeout(timeout).setHeader("User-Agent", userAgent).setHeader("Accept", ACCEPT);
        boolean refreshed = false;
        Duration wait = backoff;
        for (int attempt = 1; ; attempt++) {
            HttpRequest.Builder b = builder.copy();
            if (withAuth) {
                auth.authorization().ifPresent(v -> b.setHeader("Authorization", v));
            }
            HttpResponse<T> res;
            try {
                res = http.send(b.build(), handler);
            } catch (IOException e) {
                if (!idempotent || attempt >= attempts) {
                    throw e;
                }
                sleeper.sleep(wait);
                wait = wait.multipliedBy(2);
                continue;
            }
            if (res.statusCode() == 401 && withAuth && !refreshed && auth.refreshAfterUnauthorized()) {
                refreshed = true;
                close(res);
                continue;
            }
            if (idempotent && RETRY_STATUS.contains(res.statusCode()) && attempt < attempts) {
                close(res);
                sleeper.sleep(wait);
                wait = wait.multipliedBy(2);
                continue;
            }
            return res;
        }
    }

    private static void close(HttpResponse<?> res) {
        if (res.body() instanceof InputStream in) {
            try {
                in.close();
            } catch (IOException ignored) {
                // nothing to do
            }
        }
    }
}
