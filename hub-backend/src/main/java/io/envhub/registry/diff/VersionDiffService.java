package io.envhub.registry.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.VersionDiff;
import io.envhub.contract.api.VersionFile;
import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.ValidationReport;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.version.VersionService;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.util.Arrays;
import java.util.List;

/**
 * Compares two versions of an environment the caller may read ({@link VersionDiff}). The rows are read in one short
 * transaction; the two wheels are then read from the object store (outside it) for the text diffs.
 */
@ApplicationScoped
public class VersionDiffService {
    /** Separates the two versions in a range, as git does: {@code 0.1.0...0.2.0}. */
    public static final String SEPARATOR = "...";

    private final VersionService versions;
    private final ObjectStore store;
    private final EntityManager em;
    private final ObjectMapper json;

    public VersionDiffService(VersionService versions, ObjectStore store, EntityManager em, ObjectMapper json) {
        this.versions = versions;
        this.store = store;
        this.em = em;
        this.json = json;
    }

    /** One side as read from the rows. */
    private record Loaded(VersionDiff.Side side, String objectKey, List<VersionFile> files, String metadataText,
                          List<String> dependencies, JsonNode coreMetadata, Verdict verdict, List<CheckResult> checks) {
    }

    /** The diff of {@code from...to} (the range as in the URL). */
    public VersionDiff diff(String owner, String name, String range) {
        int at = range == null ? -1 : range.indexOf(SEPARATOR);
        if (at <= 0 || at + SEPARATOR.length() >= range.length()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_RANGE, "Name two versions as FROM...TO, e.g. 0.1.0...0.2.0.");
        }
        String fromVersion = range.substring(0, at);
        String toVersion = range.substring(at + SEPARATOR.length());
        Loaded[] sides = QuarkusTransaction.joiningExisting().call(
                () -> new Loaded[] {load(owner, name, fromVersion), load(owner, name, toVersion)});
        Loaded a = sides[0];
        Loaded b = sides[1];
        List<VersionDiff.FileChange> files;
        if (a.objectKey() == null || b.objectKey() == null) {
            files = List.of();
        } else {
            try (WheelMembers wa = WheelMembers.open(store, a.objectKey());
                 WheelMembers wb = WheelMembers.open(store, b.objectKey())) {
                files = FileDiffs.compare(new FileDiffs.Wheel(a.files(), wa, a.metadataText()),
                        new FileDiffs.Wheel(b.files(), wb, b.metadataText()));
            }
        }
        return new VersionDiff(owner, name, a.side(), b.side(), files,
                FileDiffs.unchanged(a.files(), b.files()), MetadataDiffs.dependencies(a.dependencies(), b.dependencies()),
                MetadataDiffs.fields(a.coreMetadata(), b.coreMetadata()),
                ReportDiffs.compare(a.verdict(), b.verdict(), a.checks(), b.checks()));
    }

    private Loaded load(String owner, String name, String version) {
        VersionService.Found found = versions.find(owner, name, version);
        EnvironmentVersion v = found.version();
        Artifact art = found.artifact();
        Verdict verdict = v.verdict();
        VersionDiff.Side side = new VersionDiff.Side(v.version, v.createdAt, art == null ? null : art.filename,
                art == null ? null : art.size, art == null ? null : art.sha256, v.status,
                verdict == null ? null : verdict.trustStatus(), verdict == null ? null : verdict.statusLabel(), v.yanked);
        return new Loaded(side, art == null ? null : art.objectKey, art == null ? List.of() : versions.files(art),
                art == null ? null : art.metadataText, List.copyOf(Arrays.asList(v.dependencies)), read(v.coreMetadata),
                verdict, checks(v.id));
    }

    private List<CheckResult> checks(long versionId) {
        List<?> rows = em.createNativeQuery("SELECT CAST(report AS text) FROM hub.validation_reports WHERE version_id = ?1")
                .setParameter(1, versionId).getResultList();
        if (rows.isEmpty() || rows.get(0) == null) {
            return List.of();
        }
        try {
            ValidationReport report = json.readValue(rows.get(0).toString(), ValidationReport.class);
            return report.checks() == null ? List.of() : report.checks();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("version " + versionId + " has an unreadable report", e);
        }
    }

    private JsonNode read(String text) {
        try {
            return json.readTree(text == null ? "{}" : text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable core metadata", e);
        }
    }
}
