package io.envhub.validator.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.validation.ClaimedJob;
import io.envhub.validator.ValidatorConfig;
import io.envhub.kit.auth.ServiceAccount;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The client of hub-backend's internal validation API ({@code /internal/v1/validation}), with the service-account token. */
@ApplicationScoped
public class HubQueueClient {
    private static final String BASE = "/internal/v1/validation";

    private final ServiceAccount account;
    private final ObjectMapper json;
    private final String hubUrl;
    private final WorkerConfig config;
    private final HttpClient http;

    public HubQueueClient(ServiceAccount account, ObjectMapper json, ValidatorConfig validator, WorkerConfig config) {
        this.account = account;
        this.json = json;
        this.hubUrl = validator.hubUrl().replaceAll("/+$", "");
        this.config = config;
        this.http = HttpClient.newBuilder().connectTimeout(config.requestTimeout()).followRedirects(HttpClient.Redirect.NORMAL)
                .build();
    }

    /** A call the hub refused (status and body). */
    public static final class HubException extends IOException {
        private final int status;

        HubException(int status, String detail) {
            super("hub-backend answered " + status + ": " + detail);
            this.status = status;
        }

        /** The HTTP status. */
        public int status() {
            return status;
        }
    }

    /** Claims the next job, if there is one. */
    public Optional<ClaimedJob> claim(String worker) throws IOException {
        HttpResponse<String> r = post(BASE + "/claim", Map.of("worker", worker));
        if (r.statusCode() == 204) {
            return Optional.empty();
        }
        return Optional.of(json.readValue(r.body(), ClaimedJob.class));
    }

    /** Extends the lease; a {@link HubException} with 409 when it was lost. */
    public void heartbeat(long jobId, String worker) throws IOException {
        post(BASE + "/" + jobId + "/heartbeat", Map.of("worker", worker));
    }

    /** Posts the report. */
    public JsonNode result(long jobId, String worker, JsonNode report) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("worker", worker);
        body.put("report", report);
        return json.readTree(post(BASE + "/" + jobId + "/result", body).body());
    }

    /** Reports an infrastructure failure. */
    public JsonNode failure(long jobId, String worker, String error) throws IOException {
        return json.readTree(post(BASE + "/" + jobId + "/failure", Map.of("worker", worker, "error", error)).body());
    }

    /** Downloads {@code url} (presigned, no token) to {@code target}. */
    public void download(String url, Path target) throws IOException {
        HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(config.requestTimeout()).GET().build();
        HttpResponse<Path> r = send(req, HttpResponse.BodyHandlers.ofFile(target));
        if (r.statusCode() != 200) {
            throw new HubException(r.statusCode(), "download of the wheel failed");
        }
    }

    private HttpResponse<String> post(String path, Object body) throws IOException {
        HttpRequest req = HttpRequest.newBuilder(URI.create(hubUrl + path)).timeout(config.requestTimeout())
                .header("Authorization", "Bearer " + account.accessToken()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body))).build();
        HttpResponse<String> r = send(req, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() >= 300) {
            String detail = r.body() == null ? "" : r.body();
            throw new HubException(r.statusCode(), detail.length() > 500 ? detail.substring(0, 500) : detail);
        }
        return r;
    }

    private <T> HttpResponse<T> send(HttpRequest req, HttpResponse.BodyHandler<T> handler) throws IOException {
        try {
            return http.send(req, handler);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
