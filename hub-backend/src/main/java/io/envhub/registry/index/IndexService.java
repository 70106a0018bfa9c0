package io.envhub.registry.index;

import io.envhub.format.version.Version;
import io.envhub.registry.account.Owner;
import io.envhub.registry.moderation.Quarantined;
import io.envhub.registry.download.DownloadCounter;
import io.envhub.registry.environment.Environment;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.storage.StorageConfig;
import io.envhub.registry.version.EnvironmentVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.hibernate.jpa.HibernateHints;

/**
 * Reads the package index and serves its files. Every page is at most two small queries (the project with its owner,
 * then all its files in one query); a download is one lookup, one counting statement and a presigned URL (computed
 * locally, no call to the object store). Anything the caller may not read is a 404 indistinguishable from a missing one.
 */
@ApplicationScoped
public class IndexService {
    /** The environment's identity, visibility and owner (never its README), and one column of the file. */
    private static final String FILE_LOOKUP = """
            select e.id, e.name, e.visibility, o, %s, v.quarantineReason, v.quarantinedAt, v.version, e.unlistedAt
            from Environment e join e.owner o, Artifact a join a.version v
            where v.environment = e and lower(o.name) = lower(:owner) and e.name = :name and a.filename = :filename
            and v.status = '""" + EnvironmentVersion.VALIDATED + "'";
    private static final String PROJECT_LOOKUP = """
            select e.id, e.name, e.visibility, o, e.unlistedAt from Environment e join e.owner o
            where lower(o.name) = lower(:owner) and e.name = :name""";

    private final EntityManager em;
    private final AccessPolicy access;
    private final ObjectStore store;
    private final StorageConfig storage;
    private final DownloadCounter downloads;
    private final UpstreamFallback upstream;

    public IndexService(EntityManager em, AccessPolicy access, ObjectStore store, StorageConfig storage,
                        DownloadCounter downloads, UpstreamFallback upstream) {
        this.upstream = upstream;
        this.em = em;
        this.access = access;
        this.store = store;
        this.storage = storage;
        this.downloads = downloads;
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
        Optional<Object[]> found = em.createQuery(PROJECT_LOOKUP, Object[].class)
                .setParameter("owner", ownerName).setParameter("name", normalizedName)
                .setHint(HibernateHints.HINT_READ_ONLY, true).setMaxResults(1).getResultList().stream().findFirst();
        if (found.isEmpty()) {
            Optional<String> elsewhere = upstream.pageFor(ownerName, normalizedName);
            if (elsewhere.isPresent()) {
                return ProjectAnswer.upstream(elsewhere.get());
            }
        }
        Environment env = access.requireReadable(found.map(IndexService::view), "Project " + ownerName + "/" + normalizedName);
        if (found.get()[4] != null && !access.canReadPrivateOf(env.owner)) {
            // unlisted by an admin: out of the index for everyone but the owner (and admins)
            throw new ApiException.NotFound("Project " + ownerName + "/" + normalizedName + " does not exist, or is private.");
        }
        List<IndexFile> rows = em.createQuery("select new " + IndexFile.class.getName() + "(a.filename, a.sha256, a.size,"
                        + " a.metadataSha256, a.createdAt, v.version, v.yanked, v.yankReason, v.requiresPython)"
                        + " from Artifact a join a.version v where v.environment.id = :env and v.status = :validated"
                        + " and v.quarantinedAt is null",
                        IndexFile.class)
                .setParameter("validated", EnvironmentVersion.VALIDATED)
                .setParameter("env", env.id).getResultList();
        List<Sorted> sorted = new ArrayList<>(rows.size());
        for (IndexFile row : rows) {
            sorted.add(new Sorted(Version.parse(row.version()), row));
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
        return ProjectAnswer.hub(new ProjectPage(env.owner.name, env.name, !env.isPrivate(), versions, files));
    }

    private record Sorted(Version version, IndexFile file) {
    }

    /**
     * Counts a download (today's row in {@code hub.downloads_daily} and the environment's total, in one transaction;
     * see {@link DownloadCounter}) and returns a short-lived presigned URL of the object.
     */
    public Download download(String ownerName, String normalizedName, String filename, boolean count) {
        Found found = lookup("a.objectKey", ownerName, normalizedName, filename);
        String url = store.presignedGet(found.value(), storage.presignTtl(), filename);
        if (count) {
            downloads.count(found.env().id);
        }
        return new Download(url, !found.env().isPrivate());
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
        Optional<Object[]> row = em.createQuery(FILE_LOOKUP.formatted(column), Object[].class)
                .setParameter("owner", ownerName).setParameter("name", normalizedName).setParameter("filename", filename)
                .setHint(HibernateHints.HINT_READ_ONLY, true).setMaxResults(1).getResultList().stream().findFirst();
        Environment env = access.requireReadable(row.map(IndexService::view),
                "File " + ownerName + "/" + normalizedName + "/" + filename);
        Object[] r = row.get();
        if (r[8] != null && !access.canReadPrivateOf(env.owner)) {
            throw new ApiException.NotFound("File " + ownerName + "/" + normalizedName + "/" + filename
                    + " does not exist, or is private.");
        }
        if (r[6] != null) {
            throw new Quarantined(env.owner.name + "/" + env.name + " " + r[7], (String) r[5]);
        }
        return new Found(env, (String) r[4]);
    }

    /**
     * A detached view of an environment with what the access policy reads (id, name, visibility, owner), so that index
     * requests never load the README and other large columns. Never persisted.
     */
    private static Environment view(Object[] row) {
        Environment env = new Environment();
        env.id = (Long) row[0];
        env.name = (String) row[1];
        env.visibility = (String) row[2];
        env.owner = (Owner) row[3];
        return env;
    }
}
