package io.envhub.web.settings;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.hub.HubSettingsApi;
import io.envhub.web.hub.HubSettingsApi.FailedVersion;
import io.envhub.web.hub.HubSettingsApi.OwnEnvironment;
import io.envhub.web.hub.HubSettingsApi.Version;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The signed-in user's own environments with their failed versions, from {@code GET /api/v1/me/environments}.
 * TEMPORARY fallback while that endpoint is not in this branch's backend (it answers 404): the user's environments
 * from the search API ({@code owner=<me>}), each version list, and the failed versions' reports. The lead removes
 * {@link #fromSearch} once the endpoint is merged.
 */
@ApplicationScoped
public class OwnEnvironments {
    /** Most environments the fallback lists (one page of the search API). */
    static final int FALLBACK_LIMIT = 100;
    private static final String FAILED = "failed";

    private final HubSettingsApi hub;

    public OwnEnvironments(@RestClient HubSettingsApi hub) {
        this.hub = hub;
    }

    /** The user's environments; throws {@link ApiProblem.Refused} when the API refuses. */
    public List<OwnEnvironment> of(String bearer, String username) {
        try {
            return ApiProblem.call(() -> hub.ownEnvironments(bearer));
        } catch (ApiProblem.Refused e) {
            if (!e.problem().notFound()) {
                throw e;
            }
            return fromSearch(bearer, username);
        }
    }

    private List<OwnEnvironment> fromSearch(String bearer, String username) {
        List<OwnEnvironment> out = new ArrayList<>();
        for (OwnEnvironment e : ApiProblem.call(() -> hub.environmentsOf(bearer, username, "recent", FALLBACK_LIMIT)).items()) {
            List<Version> versions = ApiProblem.call(() -> hub.versions(bearer, e.owner(), e.name()));
            String latestStatus = versions.stream().filter(v -> v.version().equals(e.latestVersion())).map(Version::status)
                    .findFirst().orElse(null);
            String validated = versions.stream().filter(v -> "validated".equals(v.status()) && !v.yanked())
                    .map(Version::version).findFirst().orElse(null);
            List<FailedVersion> failed = versions.stream().filter(v -> FAILED.equals(v.status()))
                    .map(v -> new FailedVersion(v.version(), v.status(), reason(bearer, e, v.version()), v.createdAt()))
                    .toList();
            out.add(new OwnEnvironment(e.owner(), e.name(), e.displayName(), e.summary(), e.tags(), e.latestVersion(),
                    e.starCount(), e.downloadCount(), e.visibility(), e.updatedAt(), latestStatus, validated, failed));
        }
        return out;
    }

    /** The report's summary line, else the first failed check's message. */
    private String reason(String bearer, OwnEnvironment e, String version) {
        JsonNode report;
        try {
            report = ApiProblem.call(() -> hub.report(bearer, e.owner(), e.name(), version));
        } catch (ApiProblem.Refused refused) {
            return null;
        }
        for (JsonNode check : report.path("checks")) {
            if ("fail".equals(check.path("status").asText()) && !check.path("message").asText("").isBlank()) {
                return check.path("id").asText("check") + ": " + check.path("message").asText();
            }
        }
        String summary = report.path("summary").asText("");
        return summary.isBlank() ? null : summary;
    }
}
