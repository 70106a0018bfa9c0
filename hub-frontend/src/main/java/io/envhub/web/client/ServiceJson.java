package io.envhub.web.client;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.http.JsonHttp;
import io.envhub.contract.http.ProblemException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jboss.resteasy.reactive.ClientWebApplicationException;

/**
 * One service's JSON API as the pages call it, over contract's {@link JsonHttp}, with the viewer's
 * {@code Authorization} header value ({@code bearer}, null for anonymous calls). The typed clients build their paths
 * with {@link #path} and {@link #query} and call {@link #get}, {@link #call} or {@link #send}.
 *
 * <p>Failures keep the shape the pages already handle: a refusal is a {@link ClientWebApplicationException} with the
 * service's status whose cause is the {@link ProblemException} (see {@code io.envhub.web.error.Problems}); a service
 * that does not answer (refused, timed out) is a {@link ProcessingException}.
 */
public final class ServiceJson {
    private final JsonHttp http;
    private final ObjectMapper json;

    /**
     * A client of the service at {@code url}.
     *
     * @param url base URL
     * @param readTimeoutMs how long one call may take
     * @param json the application's mapper (binds contract records, timestamps included)
     */
    public ServiceJson(String url, long readTimeoutMs, ObjectMapper json) {
        this.json = json;
        this.http = new JsonHttp(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
                .followRedirects(HttpClient.Redirect.NEVER).build(), json, url, "envhub-web/0.1")
                .withTimeout(Duration.ofMillis(readTimeoutMs));
    }

    /** A path with each {@code {}} replaced by the next value, percent-encoded as one segment. */
    public static String path(String template, Object... segments) {
        StringBuilder out = new StringBuilder();
        int from = 0;
        for (Object segment : segments) {
            int at = template.indexOf("{}", from);
            out.append(template, from, at).append(JsonHttp.encode(String.valueOf(segment)));
            from = at + 2;
        }
        return out.append(template.substring(from)).toString();
    }

    /**
     * {@code path} with the query parameters {@code name, value, ...} whose value is not null; a value that is a
     * collection repeats the parameter once per element ({@code tag=a&tag=b}).
     */
    public static String query(String path, Object... namesAndValues) {
        StringBuilder out = new StringBuilder(path);
        char sep = path.contains("?") ? '&' : '?';
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            Object value = namesAndValues[i + 1];
            Iterable<?> values = value instanceof Iterable<?> many ? many : value == null ? List.of() : List.of(value);
            for (Object one : values) {
                if (one != null) {
                    out.append(sep).append(namesAndValues[i]).append('=').append(JsonHttp.encode(String.valueOf(one)));
                    sep = '&';
                }
            }
        }
        return out.toString();
    }

    /** {@code GET} read into {@code type}. */
    public <T> T get(String bearer, String path, Class<T> type) {
        return bind(call(bearer, "GET", path, null), json.getTypeFactory().constructType(type));
    }

    /** {@code GET} read into a generic {@code type}, e.g. a list of records. */
    public <T> T get(String bearer, String path, TypeReference<T> type) {
        return bind(call(bearer, "GET", path, null), json.getTypeFactory().constructType(type));
    }

    /** A call with a JSON body (or none); the answer as JSON (missing when empty). */
    public JsonNode call(String bearer, String method, String path, Object body) {
        HttpRequest.BodyPublisher publisher;
        try {
            publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body));
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + body, e);
        }
        HttpRequest.Builder request = http.request(path).method(method, publisher);
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return send(bearer, request, "GET".equals(method));
    }

    /** A request built by the caller (another body type); the answer as JSON (missing when empty). */
    public JsonNode send(String bearer, HttpRequest.Builder request, boolean idempotent) {
        JsonHttp as = http.withAuth(() -> Optional.ofNullable(bearer));
        try {
            return as.json(as.send(request, idempotent, true, HttpResponse.BodyHandlers.ofString()));
        } catch (ProblemException e) {
            throw refused(e);
        } catch (IOException e) {
            throw unanswered(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProcessingException(e);
        }
    }

    /**
     * {@code GET} answered as it is: status, headers and the body as text, a redirect not followed (its
     * {@code Location} is the caller's). A refusal (4xx, 5xx) is thrown as the JSON calls throw it.
     */
    public HttpResponse<String> getRaw(String bearer, String path) {
        HttpResponse<String> res;
        try {
            res = http.withAuth(() -> Optional.ofNullable(bearer))
                    .send(http.request(path).GET(), true, true, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw unanswered(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProcessingException(e);
        }
        if (res.statusCode() >= 400) {
            throw refused(ProblemException.of(res.statusCode(), res.body(), json));
        }
        return res;
    }

    private static ClientWebApplicationException refused(ProblemException e) {
        return new ClientWebApplicationException(e.getMessage(), e, Response.status(e.status()).build());
    }

    private static ProcessingException unanswered(IOException e) {
        return new ProcessingException("the service did not answer: " + e.getMessage(), e);
    }

    /** A request builder for {@code path} on this service. */
    public HttpRequest.Builder request(String path) {
        return http.request(path);
    }

    /** An answer read into {@code type}. */
    public <T> T bind(JsonNode answer, Class<T> type) {
        return bind(answer, json.getTypeFactory().constructType(type));
    }

    private <T> T bind(JsonNode answer, JavaType type) {
        try {
            return json.treeToValue(answer, type);
        } catch (IOException e) {
            throw new ProcessingException("the service answered something unreadable: " + e.getMessage(), e);
        }
    }
}
