package io.envhub.registry.version;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.validation.ValidationResults;
import io.envhub.registry.version.VersionService.Found;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code GET /api/v1/environments/{owner}/{name}/versions/{version}/dataset}: the dataset preview the validator kept in
 * the version's report (stored with it in {@code hub.validation_reports}).
 */
@Path("/api/v1/environments/{owner}/{name}/versions/{version}/dataset")
public class DatasetResource {
    private final VersionService versions;
    private final ValidationResults results;

    public DatasetResource(VersionService versions, ValidationResults results) {
        this.versions = versions;
        this.results = results;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The version's dataset preview", description = "{source, size, columns, rowsWithPrompt, schema: "
            + "[{name, type}], sample: [[cell, ...], ...]} as the validator saw it in its sandbox: the first rows (at most "
            + "10), each cell as text of at most 300 characters (null when the row lacks the column). Untrusted text. "
            + "404 while the version has no report or the validator did not reach the dataset.")
    public JsonNode dataset(@PathParam("owner") String owner, @PathParam("name") String name,
                            @PathParam("version") String version) {
        Found found = versions.find(owner, name, version);
        JsonNode dataset = results.report(found.version().id).map(r -> r.get("dataset")).orElse(null);
        if (dataset == null || !dataset.isObject()) {
            throw new ApiException.NotFound("Version " + version + " of " + owner + "/" + name
                    + " has no dataset preview (status: " + found.version().status + ").");
        }
        return dataset;
    }
}
