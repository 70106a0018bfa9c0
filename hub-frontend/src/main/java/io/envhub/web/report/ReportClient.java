package io.envhub.web.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.client.HubBackend;
import io.envhub.web.client.ServiceJson;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * hub-backend's content reports ({@code /api/v1/reports}, {@code /api/v1/me/reports}) over contract's JSON client
 * ({@link ServiceJson}), with the viewer's own token. Answers are read as JSON trees (see {@link MyReport}).
 */
@ApplicationScoped
public class ReportClient {
    private final ServiceJson hub;

    public ReportClient(@HubBackend ServiceJson hub) {
        this.hub = hub;
    }

    /** Body of a new report. */
    public record NewReport(String target, String reason, String text) {
    }

    public JsonNode create(String bearer, NewReport body) {
        return hub.call(bearer, "POST", "/api/v1/reports", body);
    }

    public JsonNode mine(String bearer) {
        return hub.call(bearer, "GET", "/api/v1/me/reports", null);
    }
}
