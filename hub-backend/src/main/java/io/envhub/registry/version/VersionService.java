package io.envhub.registry.version;

import io.envhub.contract.api.VersionDetail;
import io.envhub.contract.api.VersionFile;
import io.envhub.contract.api.VersionSummary;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.version.InvalidVersionException;
import io.envhub.format.version.Version;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.model.Environment;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.EnvironmentVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads versions, their artifacts and the files inside them. Yanking and deleting live elsewhere. */
@ApplicationScoped
public class VersionService {
    private final EnvironmentLookup lookup;
    private final ObjectMapper json;
    private final EntityManager em;

    public VersionService(EnvironmentLookup lookup, ObjectMapper json, EntityManager em) {
        this.lookup = lookup;
        this.json = json;
        this.em = em;
    }

    /** A version of a readable environment and its (first) artifact. */
    public record Found(Environment environment, EnvironmentVersion version, Artifact artifact) {
    }

    /** The columns of a version's first artifact that the version list shows. */
    private record ListedFile(String filename, Long size, String sha256) {
    }

    /** Every version of {@code owner/name}, newest first in PEP 440 order, yanked ones included and marked. */
    @Transactional
    public List<VersionSummary> list(String owner, String name) {
        Environment env = lookup.readable(owner, name);
        List<EnvironmentVersion> versions = new ArrayList<>(EnvironmentVersion.of(env));
        versions.sort(Comparator.comparing((EnvironmentVersion v) -> parseOrZero(v.version)).reversed());
        // only the columns the list shows (an artifact row also holds METADATA and the file list)
        Map<Long, ListedFile> firstArtifact = new HashMap<>();
        for (Row r : Row.list(em.createQuery("select a.version.id as versionId, a.filename as filename, a.size as fileSize,"
                + " a.sha256 as sha256 from Artifact a where a.version.environment = ?1 order by a.id", Tuple.class)
                .setParameter(1, env))) {
            firstArtifact.putIfAbsent(r.longValue("versionId"), new ListedFile(r.string("filename"), r.longOrNull("fileSize"),
                    r.string("sha256")));
        }
        List<VersionSummary> out = new ArrayList<>();
        for (EnvironmentVersion v : versions) {
            ListedFile a = firstArtifact.get(v.id);
            out.add(new VersionSummary(v.version, v.yanked, v.yankReason, v.createdAt, a == null ? null : a.filename(),
                    a == null ? null : a.size(), a == null ? null : a.sha256(), v.verdict(), v.isQuarantined(),
                    v.quarantineReason));
        }
        return out;
    }

    /** One version in full. */
    @Transactional
    public VersionDetail detail(String owner, String name, String version) {
        Found f = find(owner, name, version);
        EnvironmentVersion v = f.version();
        Artifact a = f.artifact();
        return new VersionDetail(v.version, v.yanked, v.yankReason, v.createdAt, a == null ? null : a.filename,
                a == null ? null : a.size, a == null ? null : a.sha256, v.summary, v.requiresPython,
                List.copyOf(Arrays.asList(v.dependencies)), parse(v.coreMetadata), a == null ? 0 : files(a).size(), v.verdict(),
                v.isQuarantined(), v.quarantineReason);
    }

    /** The files inside the version's wheel, as recorded at publish time. */
    @Transactional
    public List<VersionFile> files(String owner, String name, String version) {
        Found f = find(owner, name, version);
        return f.artifact() == null ? List.of() : files(f.artifact());
    }

    /** Finds a version by identity ({@code 1.0} finds {@code 1.0.0}); 404 when the environment or version is unknown. */
    @Transactional
    public Found find(String owner, String name, String version) {
        Environment env = lookup.readable(owner, name);
        String key;
        try {
            key = Version.parse(version).identityKey();
        } catch (InvalidVersionException e) {
            throw notFound(env, version);
        }
        EnvironmentVersion v = EnvironmentVersion.<EnvironmentVersion>find("environment = ?1 and versionKey = ?2", env, key)
                .firstResultOptional().orElseThrow(() -> notFound(env, version));
        return new Found(env, v, artifactOf(v).orElse(null));
    }

    /** The recorded file list of an artifact. */
    public List<VersionFile> files(Artifact artifact) {
        try {
            return json.readValue(artifact.files == null ? "[]" : artifact.files, new TypeReference<List<VersionFile>>() {
            });
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("artifact " + artifact.id + " has an unreadable file list", e);
        }
    }

    private static Optional<Artifact> artifactOf(EnvironmentVersion v) {
        return Artifact.<Artifact>find("version = ?1 order by id", v).firstResultOptional();
    }

    private JsonNode parse(String text) {
        try {
            return json.readTree(text == null ? "{}" : text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable core metadata", e);
        }
    }

    private static Version parseOrZero(String version) {
        try {
            return Version.parse(version);
        } catch (InvalidVersionException e) {
            return Version.parse("0");
        }
    }

    private static ApiException notFound(Environment env, String version) {
        return new ApiException.NotFound("Version " + version + " of " + env.owner.name + "/" + env.name + " does not exist.");
    }
}
