package io.envhub.web.diff;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.api.VersionDiff;
import io.envhub.contract.api.VersionSummary;
import io.envhub.contract.http.JsonHttp;
import io.envhub.contract.http.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The hub API calls of the diff pages, on contract's {@link JsonHttp} with contract's records, as the signed-in user
 * (or anonymously). A refusal becomes a {@link WebApplicationException} with the hub's status (the error pages render
 * it); an unreachable hub a {@link ProcessingException} (the "hub unavailable" page).
 */
@ApplicationScoped
public class DiffClient {
    private final JsonHttp http;

    public DiffClient(@ConfigProperty(name = "quarkus.rest-client.hub-api.url") String hubUrl, ObjectMapper mapper) {
        this.http = new JsonHttp(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build(), mapper, hubUrl,
                "envhub-web").withTimeout(Duration.ofSeconds(30));
    }

    /** {@code GET /api/v1/environments/{owner}/{name}/diff/{from}...{to}}. */
    public VersionDiff diff(String bearer, String owner, String name, String from, String to) {
        return call(() -> as(bearer).get(path(owner, name) + "/diff/" + JsonHttp.encode(from) + "..."
                + JsonHttp.encode(to), VersionDiff.class));
    }

    /** {@code GET /api/v1/environments/{owner}/{name}/versions}: newest first. */
    public List<VersionSummary> versions(String bearer, String owner, String name) {
        return call(() -> Arrays.asList(as(bearer).get(path(owner, name) + "/versions", VersionSummary[].class)));
    }

    private JsonHttp as(String bearer) {
        return http.withAuth(() -> Optional.ofNullable(bearer));
    }

    private static String path(String owner, String name) {
        return "/api/v1/environments/" + JsonHttp.encode(owner) + "/" + JsonHttp.encode(name);
    }

    private interface Call<T> {
        T run() throws IOException, InterruptedException;
    }

    private static <T> T call(Call<T> call) {
        try {
            return call.run();
        } catch (ProblemException e) {
            throw new WebApplicationException(e.problem() != null && e.problem().detail() != null ? e.problem().detail()
                    : "hub answered " + e.status(), e.status());
        } catch (IOException e) {
            throw new ProcessingException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProcessingException(e);
        }
    }
}
