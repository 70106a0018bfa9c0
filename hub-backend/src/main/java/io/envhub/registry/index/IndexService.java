package io.envhub.registry.index;

import io.envhub.format.version.Version;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.gate.GateGuard;
import io.envhub.registry.model.Owner;
import io.envhub.registry.moderation.Quarantined;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.registry.download.DownloadCounter;
import io.envhub.registry.download.PresignedUrls;
import io.envhub.registry.model.Environment;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.model.EnvironmentVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.jpa.HibernateHints;

/**
 * Reads the package index and serves its files. A request of a public project is one indexed query (the project, its
 * owner and its index stamp, {@link ProjectLookup}); the page itself is rendered once per change of the project and
 * kept ({@link PageCache}); a download of a public file then needs no further query: the object key comes from the
 * cached page, the count is kept in memory ({@link DownloadCounter}) and the presigned URL is reused
 * ({@link PresignedUrls}). Anything the caller may not read is a 404 indistinguishable from a missing one.
 */
@ApplicationScoped
public class IndexService {
    /** The environment's identity, visibility and owner (never its README), and one column of the file. */
    private static final String FILE_LOOKUP = """
            select e.id as envId, e.name as envName, e.visibility as envVisibility, o as envOwner, %s as wanted,
            v.quarantineReason as quarantineReason, v.quarantinedAt as quarantinedAt, v.version as versionText,
            e.unlistedAt as unlistedAt, e.gated as gated
            from Environment e join e.owner o, Artifact a join a.version v
            where v.environment = e and lower(o.name) = lower(:owner) and e.name = :name and a.filename = :filename
            and v.status = '""" + EnvironmentVersion.VALIDATED + "'";

    private final EntityManager em;
    private final AccessPolicy access;
    private final PresignedUrls presigned;
    private final DownloadCounter downloads;
    private final UpstreamFallback upstream;
    private final ProjectLookup projects;
    private final PageCache cache;
    private final ObjectMapper json;
    private final GateGuard gate;

    public IndexService(EntityManager em, AccessPolicy access, PresignedUrls presigned, DownloadCounter downloads,
                        UpstreamFallback upstream, ProjectLookup projects, PageCache cache, ObjectMapper json, GateGuard gate) {
        this.gate = gate;
        this.upstream = upstream;
        this.em = em;
        this.access = access;
        this.presigned = presigned;
        this.downloads = downloads;
        this.projects = projects;
        this.cache = cache;
        this.json = json;
    }

    /** A download: where to send the client, and whether the file is public. */
    public record Download(String url, boolean isPublic) {
    }

    /** A PEP 658 metadata file and whether it is public. */
    public record Metadata(String text, boolean isPublic) {
    }

    /** The owner's projects the caller may see; 404 for an unknown owner. */
    public OwnerIndex ownerIndex(String ownerName) {
        Owner owner = Owner.findByName(ownerName).orElseThrow(
                () -> new ApiException.NotFound("There is no owner '" + ownerName + "' and so no index at this URL."));
        boolean all = access.canReadPrivateOf(owner);
        List<OwnerIndex.Project> projects = em.createQuery("select new " + OwnerIndex.Project.class.getName()
                        + "(e.name, e.displayName) from Environment e where e.owner = :owner"
                        + (all ? "" : " and e.visibility = '" + Environment.PUBLIC + "' and e.unlistedAt is null") + " order by e.name",
                        OwnerIndex.Project.class)
                .setParameter("owner", owner).setHint(HibernateHints.HINT_READ_ONLY, true).getResultList();
        return new OwnerIndex(owner.name, projects);
    }

    /**
     * Every file of every validated version of a project (yanked ones too), in PEP 440 order; versions pending,
     * validating, failed or in error are left out. 404 when unreadable; for a name the owner never published (no
     * environment, no burned version), the upstream index's page when the fallback is on, else 404.
     */
    public ProjectAnswer project(String ownerName, String normalizedName) {
        Optional<ProjectLookup.Found> found = projects.find(ownerName, normalizedName);
        if (found.isEmpty()) {
            Optional<String> elsewhere = upstream.pageFor(ownerName, normalizedName);
            if (elsewhere.isPresent()) {
                return ProjectAnswer.upstream(elsewhere.get());
            }
        }
        Environment env = access.requireReadable(found.map(ProjectLookup.Found::env),
                "Project " + ownerName + "/" + normalizedName);
        if (found.get().unlisted() && !access.canReadPrivateOf(env.owner)) {
            // unlisted by an admin: out of the index for everyone but the owner (and admins)
            throw new ApiException.NotFound("Project " + ownerName + "/" + normalizedName + " does not exist, or is private.");
        }
        return ProjectAnswer.hub(rendered(env, found.get().stamp()));
    }

    /** The project's page for this stamp: from the cache when public, else rendered now. */
    private RenderedProject rendered(Environment env, long stamp) {
        if (env.isPrivate()) {
            return render(env, stamp);
        }
        return cache.get(env.id, stamp, env.owner.name, () -> render(env, stamp));
    }

    private RenderedProject render(Environment env, long stamp) {
        List<Row> rows = Row.list(em.createQuery("select new " + IndexFile.class.getName() + "(a.filename, a.sha256, a.size,"
                        + " a.metadataSha256, a.createdAt, v.version, v.yanked, v.yankReason, v.requiresPython) as file,"
                        + " a.objectKey as objectKey"
                        + " from Artifact a join a.version v where v.environment.id = :env and v.status = :validated"
                        + " and v.quarantinedAt is null",
                        Tuple.class)
                .setParameter("validated", EnvironmentVersion.VALIDATED)
                .setParameter("env", env.id).setHint(HibernateHints.HINT_READ_ONLY, true));
        List<Sorted> sorted = new ArrayList<>(rows.size());
        Map<String, String> objectKeys = new HashMap<>();
        for (Row row : rows) {
            IndexFile file = row.get("file", IndexFile.class);
            sorted.add(new Sorted(Version.parse(file.version()), file));
            objectKeys.put(file.filename(), row.string("objectKey"));
        }
        sorted.sort(Comparator.comparing(Sorted::version).thenComparing(s -> s.file().filename()));
        List<IndexFile> files = new ArrayList<>(sorted.size());
        List<String> versions = new ArrayList<>();
        for (Sorted s : sorted) {
            files.add(s.file());
            if (versions.isEmpty() || !versions.get(versions.size() - 1).equals(s.file().version())) {
                versions.add(s.file().version());
            }
        }
        ProjectPage page = new ProjectPage(env.owner.name, env.name, !env.isPrivate(), versions, files);
        String etag = Long.toString(env.id, 36) + "-" + Long.toString(stamp, 36) + "-"
                + Integer.toHexString(env.owner.name.hashCode());
        return new RenderedProject(page.owner(), page.isPublic(), stamp, etag, json(SimpleJson.project(page)),
                SimpleHtml.project(page), Map.copyOf(objectKeys));
    }

    private String json(Object document) {
        try {
            return json.writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the index document", e);
        }
    }

    private record Sorted(Version version, IndexFile file) {
    }

    /**
     * Counts a download (in memory, written in batches: see {@link DownloadCounter}) and returns a presigned URL of the
     * object (reused while valid long enough: {@link PresignedUrls}). Files on a public, listed project's cached page come
     * from that page; every other file (private, unlisted, quarantined, unknown) from the database.
     */
    public Download download(String ownerName, String normalizedName, String filename, boolean count) {
        Optional<ProjectLookup.Found> project = projects.find(ownerName, normalizedName);
        if (project.isPresent() && !project.get().env().isPrivate() && !project.get().unlisted()) {
            Environment env = project.get().env();
            gate.requireFileAccess(env);
            String key = rendered(env, project.get().stamp()).objectKeys().get(filename);
            if (key != null) {
                return counted(env, presigned.get(key, filename), count);
            }
            // not on the public page: unknown, not validated, or quarantined; the lookup below says which
        }
        Found found = lookup("a.objectKey", ownerName, normalizedName, filename);
        return counted(found.env(), presigned.get(found.value(), filename), count);
    }

    private Download counted(Environment env, String url, boolean count) {
        if (count) {
            downloads.count(env.id);
        }
        return new Download(url, !env.isPrivate());
    }

    /** The PEP 658 metadata file of a wheel: its METADATA, as stored (its sha256 is the one the pages announce). */
    public Metadata metadata(String ownerName, String normalizedName, String filename) {
        Found found = lookup("a.metadataText", ownerName, normalizedName, filename);
        return new Metadata(found.value(), !found.env().isPrivate());
    }

    /** A file's environment (as a view for the access policy) and the one column asked for. */
    private record Found(Environment env, String value) {
    }

    private Found lookup(String column, String ownerName, String normalizedName, String filename) {
        Optional<Row> row = Row.first(em.createQuery(FILE_LOOKUP.formatted(column), Tuple.class)
                .setParameter("owner", ownerName).setParameter("name", normalizedName).setParameter("filename", filename)
                .setHint(HibernateHints.HINT_READ_ONLY, true).setMaxResults(1));
        Environment env = access.requireReadable(row.map(IndexService::view),
                "File " + ownerName + "/" + normalizedName + "/" + filename);
        Row r = row.get();
        if (r.get("unlistedAt") != null && !access.canReadPrivateOf(env.owner)) {
            throw new ApiException.NotFound("File " + ownerName + "/" + normalizedName + "/" + filename
                    + " does not exist, or is private.");
        }
        gate.requireFileAccess(env);
        if (r.get("quarantinedAt") != null) {
            throw new Quarantined(env.owner.name + "/" + env.name + " " + r.string("versionText"), r.string("quarantineReason"));
        }
        return new Found(env, r.string("wanted"));
    }

    /**
     * A detached view of an environment with what the access policy reads (id, name, visibility, owner), so that index
     * requests never load the README and other large columns. Never persisted.
     */
    private static Environment view(Row row) {
        Environment env = new Environment();
        env.id = row.longOrNull("envId");
        env.name = row.string("envName");
        env.visibility = row.string("envVisibility");
        env.owner = row.get("envOwner", Owner.class);
        env.gated = row.string("gated");
        return env;
    }
}
