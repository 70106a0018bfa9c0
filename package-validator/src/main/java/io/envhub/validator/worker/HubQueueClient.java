package io.envhub.validator.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.http.Authorization;
import io.envhub.contract.http.JsonHttp;
import io.envhub.contract.http.ProblemException;
import io.envhub.contract.validation.ClaimedJob;
import io.envhub.validator.ValidatorConfig;
import io.envhub.kit.auth.ServiceAccount;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The client of hub-backend's internal validation API ({@code /internal/v1/validation}), with the service-account token,
 * over contract's {@link JsonHttp}; every call is sent once.
 */
@ApplicationScoped
public class HubQueueClient {
    private static final String BASE = "/internal/v1/validation";
    /** User-Agent of the worker's requests. */
    private static final String USER_AGENT = "envhub-validator/0.1";

    private final ObjectMapper json;
    private final JsonHttp hub;

    public HubQueueClient(ServiceAccount account, ObjectMapper json, ValidatorConfig validator, WorkerConfig config) {
        this.json = json;
        HttpClient http = HttpClient.newBuilder().connectTimeout(config.requestTimeout()).followRedirects(HttpClient.Redirect.NORMAL)
                .build();
        this.hub = new JsonHttp(http, json, validator.hubUrl(), USER_AGENT).withTimeout(config.requestTimeout())
                .withAuth(Authorization.bearer(account::accessToken));
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
        JsonNode job = post(BASE + "/claim", Map.of("worker", worker));
        return job.isMissingNode() ? Optional.empty() : Optional.of(json.treeToValue(job, ClaimedJob.class));
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
        return post(BASE + "/" + jobId + "/result", body);
    }

    /** Reports an infrastructure failure. */
    public JsonNode failure(long jobId, String worker, String error) throws IOException {
        return post(BASE + "/" + jobId + "/failure", Map.of("worker", worker, "error", error));
    }

    /** Downloads {@code url} (presigned, no token) to {@code target}. */
    public void download(String url, Path target) throws IOException {
        HttpResponse<Path> r;
        try {
            r = hub.send(hub.request(url).GET(), false, false, HttpResponse.BodyHandlers.ofFile(target));
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
        if (r.statusCode() != 200) {
            throw new HubException(r.statusCode(), "download of the wheel failed");
        }
    }

    /** POSTs JSON; the answer ({@code MissingNode} for 204), or a {@link HubException} with the start of the refusal. */
    private JsonNode post(String path, Object body) throws IOException {
        try {
            return hub.post(path, body);
        } catch (ProblemException e) {
            String detail = e.body();
            throw new HubException(e.status(), detail.length() > 500 ? detail.substring(0, 500) : detail);
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
    }

    private static IOException interrupted(InterruptedException e) {
        Thread.currentThread().interrupt();
        return new IOException("interrupted", e);
    }
}
