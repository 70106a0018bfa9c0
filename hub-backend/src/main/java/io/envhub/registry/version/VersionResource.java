package io.envhub.registry.version;

import io.envhub.registry.gate.GateGuard;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.VersionDetail;
import io.envhub.contract.api.VersionFile;
import io.envhub.contract.api.VersionSummary;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.validation.ValidationResults;
import io.envhub.registry.version.VersionService.Found;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/environments/{owner}/{name}/versions}: versions, their files and the files' text (read only). */
@Path("/api/v1/environments/{owner}/{name}/versions")
public class VersionResource {
    /** Set (to {@code true}) when a file's text was cut at {@link WheelFiles#MAX_TEXT} bytes. */
    public static final String TRUNCATED_HEADER = "X-Envhub-Truncated";
    /** The file's full size in bytes, sent with every file text. */
    public static final String SIZE_HEADER = "X-Envhub-File-Size";

    private final VersionService versions;
    private final WheelFiles wheelFiles;
    private final ValidationResults results;
    private final ObjectMapper json;
    private final GateGuard gate;

    public VersionResource(VersionService versions, WheelFiles wheelFiles, ValidationResults results, ObjectMapper json,
                           GateGuard gate) {
        this.gate = gate;
        this.json = json;
        this.versions = versions;
        this.wheelFiles = wheelFiles;
        this.results = results;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Versions, newest first (PEP 440 order)", description = "Yanked versions are listed and marked.")
    public List<VersionSummary> list(@PathParam("owner") String owner, @PathParam("name") String name) {
        return versions.list(owner, name);
    }

    @GET
    @Path("/{version}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "One version", description = "Found by identity: 1.0 finds 1.0.0.")
    public VersionDetail get(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("version") String version) {
        return versions.detail(owner, name, version);
    }

    @GET
    @Path("/{version}/report")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The version's validation report", description = "As the validator posted it, with "
            + "trust.contamination added by the hub and the version's verdict at the top level (trustStatus, statusLabel, "
            + "trustFlags, statusReason); 404 while the version has none (see the version's status).")
    public JsonNode report(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("version") String version) {
        Found found = versions.find(owner, name, version);
        JsonNode report = results.report(found.version().id).orElseThrow(() -> new ApiException.NotFound("Version " + version
                + " of " + owner + "/" + name + " has no validation report yet (status: " + found.version().status + ")."));
        return withVerdict(report, found.version().verdict());
    }

    /** The report with the version's verdict at its top level ({@code runtimeVerified} is the report's own). */
    private JsonNode withVerdict(JsonNode report, Verdict verdict) {
        if (report instanceof ObjectNode o) {
            o.put("trustStatus", verdict.trustStatus());
            o.put("statusLabel", verdict.statusLabel());
            o.set("trustFlags", json.valueToTree(verdict.trustFlags()));
            o.put("statusReason", verdict.statusReason());
        }
        return report;
    }

    @GET
    @Path("/{version}/files")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Files inside the version's wheel", description = "[{path, size, sha256}] as recorded at publish time.")
    public List<VersionFile> files(@PathParam("owner") String owner, @PathParam("name") String name,
                                 @PathParam("version") String version) {
        return versions.files(owner, name, version);
    }

    @GET
    @Path("/{version}/files/{path: .+}")
    @Produces({"text/plain; charset=utf-8", "application/problem+json"})
    @Operation(summary = "A file's text", description = "UTF-8 text, at most 512 KiB: longer files are cut at a character "
            + "boundary and answered with header X-Envhub-Truncated: true; X-Envhub-File-Size gives the full size. "
            + "Binary (non UTF-8) files: 415.")
    public Response file(@PathParam("owner") String owner, @PathParam("name") String name,
                         @PathParam("version") String version, @PathParam("path") String path) {
        Found found = versions.find(owner, name, version);
        gate.requireFileAccess(found.environment());
        if (found.artifact() == null || versions.files(found.artifact()).stream().noneMatch(f -> f.path().equals(path))) {
            throw new ApiException.NotFound("No file " + path + " in version " + version + ".");
        }
        WheelFiles.Text text = wheelFiles.text(found.artifact(), path);
        Response.ResponseBuilder res = Response.ok(text.text(), "text/plain; charset=utf-8")
                .header(SIZE_HEADER, text.size());
        if (text.truncated()) {
            res.header(TRUNCATED_HEADER, "true");
        }
        return res.build();
    }
}
