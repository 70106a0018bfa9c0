package io.envhub.web.hub;

import static io.envhub.web.client.ServiceJson.path;
import static io.envhub.web.client.ServiceJson.query;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.api.EnvironmentPage;
import io.envhub.contract.api.VersionFile;
import io.envhub.contract.http.JsonHttp;
import io.envhub.web.client.HubBackend;
import io.envhub.web.client.ServiceJson;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.Explore;
import io.envhub.web.hub.HubViews.Owner;
import io.envhub.contract.api.SearchPage;
import io.envhub.contract.api.VersionDetail;
import io.envhub.contract.api.VersionSummary;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.eclipse.microprofile.context.ManagedExecutor;

/**
 * The public API of hub-backend ({@code /api/v1}) over contract's JSON client ({@link ServiceJson}), called with the
 * viewer's own token ({@code bearer} null for anonymous visitors). A refusal is a
 * {@code ClientWebApplicationException} carrying the backend's status (its cause the problem document), a backend
 * that does not answer a {@code ProcessingException}; see {@code io.envhub.web.error}.
 */
@ApplicationScoped
public class HubClient {
    private static final String API = "/api/v1";
    private static final String ENV = API + "/environments/{}/{}";
    private static final String VERSION = ENV + "/versions/{}";
    private static final TypeReference<List<VersionSummary>> VERSIONS = new TypeReference<>() { };
    private static final TypeReference<List<VersionFile>> FILES = new TypeReference<>() { };

    private final ServiceJson hub;
    /** Runs {@link #versions} next to the page's other calls. */
    private final ManagedExecutor background;

    public HubClient(@HubBackend ServiceJson hub, ManagedExecutor background) {
        this.hub = hub;
        this.background = background;
    }

    /** A file's text as the backend cut it ({@code size} is the full size in bytes, as the backend wrote it). */
    public record FileText(String text, boolean truncated, String size) {
    }

    /** The counted download's answer: its status and redirect target ({@code Location}) with the wheel's checksum. */
    public record Download(int status, String location, String sha256) {
    }

    public Explore explore(String bearer) {
        return hub.get(bearer, API + "/explore", Explore.class);
    }

    /** Search; {@code tags} repeat the {@code tag} parameter, null parameters are left out. */
    public SearchPage search(String bearer, String q, List<String> tags, String owner, String validated, String task,
                               String status, String sort, String page, Integer size, String domain, String license) {
        return hub.get(bearer, query(API + "/environments", "q", q, "tag", tags, "owner", owner, "validated", validated,
                "task", task, "status", status, "sort", sort, "page", page, "size", size, "domain", domain,
                "license", license), SearchPage.class);
    }

    public EnvironmentDetail environment(String bearer, String owner, String name) {
        return hub.get(bearer, path(ENV, owner, name), EnvironmentDetail.class);
    }

    /** The environment page's data (environment, README, versions, download chart) in one call. */
    public EnvironmentPage page(String bearer, String owner, String name, int days) {
        return hub.get(bearer, query(path(ENV + "/page", owner, name), "days", days), EnvironmentPage.class);
    }

    /** The versions, newest first, asked in the background so that a page can make its other calls meanwhile. */
    public CompletableFuture<List<VersionSummary>> versions(String bearer, String owner, String name) {
        String at = path(ENV + "/versions", owner, name);
        return background.supplyAsync(() -> hub.get(bearer, at, VERSIONS));
    }

    public VersionDetail version(String bearer, String owner, String name, String version) {
        return hub.get(bearer, path(VERSION, owner, name, version), VersionDetail.class);
    }

    public JsonNode report(String bearer, String owner, String name, String version) {
        return hub.call(bearer, "GET", path(VERSION + "/report", owner, name, version), null);
    }

    public JsonNode dataset(String bearer, String owner, String name, String version) {
        return hub.call(bearer, "GET", path(VERSION + "/dataset", owner, name, version), null);
    }

    public List<VersionFile> files(String bearer, String owner, String name, String version) {
        return hub.get(bearer, path(VERSION + "/files", owner, name, version), FILES);
    }

    /** A file's text; {@code file} is its path inside the wheel (each segment is encoded here, slashes kept). */
    public FileText fileText(String bearer, String owner, String name, String version, String file) {
        HttpResponse<String> res = hub.getRaw(bearer, path(VERSION + "/files/", owner, name, version) + encodePath(file));
        return new FileText(res.body(), "true".equals(res.headers().firstValue("X-Envhub-Truncated").orElse(null)),
                res.headers().firstValue("X-Envhub-File-Size").orElse(null));
    }

    /** The counted download: normally a 302 to a presigned URL, which is not followed but handed back. */
    public Download download(String bearer, String owner, String name, String version) {
        HttpResponse<String> res = hub.getRaw(bearer, path(VERSION + "/download", owner, name, version));
        return new Download(res.statusCode(), res.headers().firstValue("Location").orElse(null),
                res.headers().firstValue("X-Checksum-Sha256").orElse(null));
    }

    public void star(String bearer, String owner, String name) {
        hub.call(bearer, "PUT", path(ENV + "/star", owner, name), null);
    }

    public void unstar(String bearer, String owner, String name) {
        hub.call(bearer, "DELETE", path(ENV + "/star", owner, name), null);
    }

    public Owner owner(String bearer, String name) {
        return hub.get(bearer, path(API + "/owners/{}", name), Owner.class);
    }

    private static String encodePath(String file) {
        return Arrays.stream(file.split("/", -1)).map(JsonHttp::encode).collect(Collectors.joining("/"));
    }
}
