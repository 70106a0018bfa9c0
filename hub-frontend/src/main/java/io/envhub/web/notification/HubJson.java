package io.envhub.web.notification;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.http.JsonHttp;
import io.envhub.contract.http.ProblemException;
import io.envhub.web.account.Viewer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * hub-backend's JSON API for the pages of issue 34 (inbox, notification settings, webhooks, gated access), over
 * contract's {@link JsonHttp} with the signed-in user's token. A refusal comes back as a {@link ProblemException}
 * (forms show its detail); {@link #or404} turns the ones a page cannot show into the site's error pages.
 */
@ApplicationScoped
public class HubJson {
    private final JsonHttp http;
    private final ObjectMapper json;

    public HubJson(@ConfigProperty(name = "quarkus.rest-client.hub-api.url") String url,
                   @ConfigProperty(name = "quarkus.rest-client.hub-api.read-timeout", defaultValue = "5000") long readTimeoutMs,
                   ObjectMapper json) {
        this.json = json;
        this.http = new JsonHttp(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
                .followRedirects(HttpClient.Redirect.NEVER).build(), json, url, "envhub-web/0.1")
                .withTimeout(Duration.ofMillis(readTimeoutMs));
    }

    /** GET as the viewer (anonymous when signed out), read into {@code type}. */
    public <T> T get(Viewer viewer, String path, Class<T> type) {
        return json.convertValue(call(viewer, "GET", path, null), type);
    }

    /** GET as the viewer, as JSON. */
    public JsonNode get(Viewer viewer, String path) {
        return call(viewer, "GET", path, null);
    }

    /** A call with a JSON body (or none) as the viewer; the answer as JSON (missing when empty). */
    public JsonNode call(Viewer viewer, String method, String path, Object body) {
        String bearer = viewer.signedIn() ? viewer.bearer() : null;
        JsonHttp as = http.withAuth(() -> Optional.ofNullable(bearer));
        try {
            HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body));
            HttpRequest.Builder request = as.request(path).method(method, publisher);
            if (body != null) {
                request.header("Content-Type", "application/json");
            }
            return as.json(as.send(request, "GET".equals(method), true, HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new WebApplicationException("hub-backend could not be reached", e, Response.Status.SERVICE_UNAVAILABLE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WebApplicationException(e, Response.Status.SERVICE_UNAVAILABLE);
        }
    }

    /** The refusal as the site's error page (404, 403, ...), for refusals a form does not explain. */
    public static WebApplicationException or404(ProblemException e) {
        String detail = e.problem() == null ? null : e.problem().detail();
        return new WebApplicationException(detail, e.status() >= 400 && e.status() < 600 ? e.status() : 502);
    }

    /** The detail of a refusal, for a form's message. */
    public static String detail(ProblemException e) {
        return e.problem() != null && e.problem().detail() != null ? e.problem().detail() : "The hub refused: " + e.status();
    }
}
