package io.envhub.registry;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.format.archive.ZipEntryInfo;
import io.envhub.format.hash.Sha256;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.Version;
import io.envhub.format.wheel.WheelWriter;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.registry.environment.EnvironmentStatus;
import io.envhub.registry.model.VersionVerdicts;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.testsupport.Tokens;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Test data for the read side, written the way the publish side writes it: owners, environments, and versions whose
 * wheel is built with {@link WheelWriter}, stored under {@link Artifact#objectKeyFor} and described by an artifact row
 * (file name, sha256, size, METADATA text and its sha256, file list). Environments' {@code latest_version} is kept as
 * publishing keeps it: the newest non-yanked final release, else the newest non-yanked version; with it the
 * denormalised status ({@link EnvironmentStatus}).
 */
@ApplicationScoped
public class RegistryFixtures {
    private final EntityManager em;
    private final ObjectStore store;
    private final ObjectMapper json;
    private final EnvironmentStatus status;
    private final VersionVerdicts verdicts;

    public RegistryFixtures(EntityManager em, ObjectStore store, ObjectMapper json, EnvironmentStatus status,
                            VersionVerdicts verdicts) {
        this.verdicts = verdicts;
        this.em = em;
        this.store = store;
        this.json = json;
        this.status = status;
    }

    /** A short random token to keep names and tags of one test run apart from everything else in the database. */
    public static String run() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    }

    /** A user owner that is not a Keycloak user (a made-up subject). */
    @Transactional
    public Owner owner(String name) {
        Owner o = new Owner();
        o.kind = Owner.USER;
        o.name = name;
        o.displayName = name;
        o.subject = "fixture-" + name;
        o.createdAt = OffsetDateTime.now();
        o.updatedAt = o.createdAt;
        o.persist();
        return o;
    }

    /** An organisation with one member in the given role. */
    @Transactional
    public Owner organisation(String name, Owner member, String role) {
        Owner o = new Owner();
        o.kind = Owner.ORG;
        o.name = name;
        o.displayName = name;
        o.createdAt = OffsetDateTime.now();
        o.updatedAt = o.createdAt;
        o.persist();
        em.flush();
        em.createNativeQuery("INSERT INTO hub.org_members (org_id, user_id, role) VALUES (?1, ?2, ?3)")
                .setParameter(1, o.id).setParameter(2, member.id).setParameter(3, role).executeUpdate();
        return o;
    }

    /** The owner row of a Keycloak demo user (mirrored through {@code /api/v1/me}). */
    public Owner user(String username) {
        given().auth().oauth2(Tokens.forUser(username, username)).get("/api/v1/me").then().statusCode(200);
        return Owner.findByName(username).orElseThrow();
    }

    /** A new environment without versions. */
    @Transactional
    public Environment environment(Owner owner, String displayName, String summary, String visibility, List<String> tags,
                                   String readme) {
        Environment e = new Environment();
        e.owner = em.getReference(Owner.class, owner.id);
        e.name = ProjectName.normalize(displayName);
        e.displayName = displayName;
        e.summary = summary;
        e.readme = readme;
        e.readmeContentType = readme == null ? null : "text/markdown";
        e.license = "Apache-2.0";
        e.tags = tags.toArray(String[]::new);
        e.visibility = visibility;
        e.updatedAt = OffsetDateTime.now();
        e.persist();
        em.flush();
        em.refresh(e);
        return e;
    }

    /** Sets the counters and the update time directly (for sort tests). */
    @Transactional
    public void counters(Environment env, long downloads, int stars, OffsetDateTime updatedAt) {
        em.createNativeQuery("UPDATE hub.environments SET download_count = ?1, star_count = ?2, updated_at = ?3 WHERE id = ?4")
                .setParameter(1, downloads).setParameter(2, stars).setParameter(3, updatedAt).setParameter(4, env.id)
                .executeUpdate();
    }

    /** Publishes a version with a module {@code <module>.py} and a README; see {@link #publish(Environment, String, Map)}. */
    public EnvironmentVersion publish(Environment env, String version) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(ProjectName.of(env.displayName).moduleName() + ".py",
                ("def load_environment(**kwargs):\n    return {'version': '" + version + "'}\n").getBytes(StandardCharsets.UTF_8));
        return publish(env, version, files);
    }

    /** Builds a real wheel with these files, stores it, and writes the version and artifact rows as publishing does. */
    @Transactional
    public EnvironmentVersion publish(Environment envRef, String versionText, Map<String, byte[]> files) {
        Environment env = Environment.findById(envRef.id);
        Version version = Version.parse(versionText);
        CoreMetadata metadata = new CoreMetadata(CoreMetadata.DEFAULT_METADATA_VERSION, env.displayName, version.toString(),
                env.summary, List.of(env.tags), env.license, ">=3.10", List.of("numpy>=1.20"), "Fixture Author",
                "author@envhub.local", "text/markdown", env.readme == null ? "" : env.readme, List.of());
        WheelWriter writer = new WheelWriter(metadata);
        files.forEach(writer::addFile);
        byte[] wheel = writer.toBytes();
        String sha256 = Sha256.hex(Sha256.digest(wheel));
        String key = Artifact.objectKeyFor(sha256);
        store.put(key, new ByteArrayInputStream(wheel), wheel.length, "application/zip");

        EnvironmentVersion v = new EnvironmentVersion();
        v.environment = env;
        v.version = version.toString();
        v.versionKey = version.identityKey();
        v.status = EnvironmentVersion.VALIDATED;
        v.summary = env.summary;
        v.requiresPython = metadata.requiresPython();
        v.dependencies = metadata.requiresDist().toArray(String[]::new);
        v.coreMetadata = toJson(Map.of("name", env.displayName, "version", version.toString(),
                "summary", env.summary == null ? "" : env.summary, "requires_python", metadata.requiresPython(),
                "requires_dist", metadata.requiresDist(), "keywords", List.of(env.tags)));
        v.createdBy = env.owner.id;
        v.persist();

        Artifact a = new Artifact();
        a.version = v;
        a.filename = writer.fileName().toString();
        a.sha256 = sha256;
        a.size = wheel.length;
        a.objectKey = key;
        fillFromWheel(a, wheel, writer.fileName().distInfoDir() + "/METADATA");
        a.persist();
        em.createNativeQuery("INSERT INTO hub.used_filenames (owner_id, filename) VALUES (?1, ?2) ON CONFLICT DO NOTHING")
                .setParameter(1, env.owner.id).setParameter(2, a.filename).executeUpdate();
        em.createNativeQuery("INSERT INTO hub.used_versions (owner_id, project, version_key) VALUES (?1, ?2, ?3)"
                        + " ON CONFLICT DO NOTHING")
                .setParameter(1, env.owner.id).setParameter(2, env.name).setParameter(3, v.versionKey).executeUpdate();
        em.flush();
        verdicts.setStatus(v.id, v.status); // the verdict columns follow the status (validated without a report: static-only)
        updateLatest(env);
        return v;
    }

    /**
     * Marks a version as the validator leaves one whose runtime and trust checks ran and passed (verified), which an
     * evaluation run needs; returns it.
     */
    @Transactional
    public EnvironmentVersion ranRuntime(EnvironmentVersion v) {
        em.createNativeQuery("UPDATE hub.versions SET trust_status = 'verified', runtime_verified = true,"
                + " status_reason = NULL WHERE id = ?1").setParameter(1, v.id).executeUpdate();
        return v;
    }

    /** Yanks a version (as the yank endpoint would) and recomputes the latest version. */
    @Transactional
    public void yank(Environment envRef, String version, String reason) {
        Environment env = Environment.findById(envRef.id);
        em.createNativeQuery("UPDATE hub.versions SET yanked = true, yank_reason = ?1 WHERE environment_id = ?2 AND version_key = ?3")
                .setParameter(1, reason).setParameter(2, env.id).setParameter(3, Version.parse(version).identityKey())
                .executeUpdate();
        updateLatest(env);
    }

    private void updateLatest(Environment env) {
        List<Version> live = new ArrayList<>();
        for (Object v : em.createNativeQuery("SELECT version FROM hub.versions WHERE environment_id = ?1 AND NOT yanked")
                .setParameter(1, env.id).getResultList()) {
            live.add(Version.parse(v.toString()));
        }
        String latest = Version.latest(live, false).map(Version::toString).orElse(null);
        em.createNativeQuery("UPDATE hub.environments SET latest_version = ?1, updated_at = now() WHERE id = ?2")
                .setParameter(1, latest).setParameter(2, env.id).executeUpdate();
        status.refresh(env.id);
    }

    private void fillFromWheel(Artifact a, byte[] wheel, String metadataPath) {
        try {
            Path temp = Files.createTempFile("fixture-", ".whl");
            try {
                Files.write(temp, wheel);
                List<Map<String, Object>> list = new ArrayList<>();
                try (SafeZipReader zip = SafeZipReader.open(temp, ArchiveLimits.DEFAULTS)) {
                    for (ZipEntryInfo entry : zip.entries()) {
                        if (entry.isDirectory()) {
                            continue;
                        }
                        byte[] content = zip.readAllBytes(entry);
                        Map<String, Object> file = new LinkedHashMap<>();
                        file.put("path", entry.name());
                        file.put("size", content.length);
                        file.put("sha256", Sha256.hex(Sha256.digest(content)));
                        list.add(file);
                        if (entry.name().equals(metadataPath)) {
                            a.metadataText = new String(content, StandardCharsets.UTF_8);
                            a.metadataSha256 = Sha256.hex(Sha256.digest(content));
                        }
                    }
                }
                a.files = toJson(list);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String toJson(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
