package io.envhub.registry.index;

import io.envhub.format.version.Version;
import io.envhub.registry.account.Owner;
import io.envhub.registry.environment.Environment;
import io.envhub.registry.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.storage.StorageConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
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
    private static final String FILE_LOOKUP = """
            select e, %s from Environment e join fetch e.owner o, Artifact a join a.version v
            where v.environment = e and lower(o.name) = lower(:owner) and e.name = :name and a.filename = :filename""";

    private final EntityManager em;
    private final AccessPolicy access;
    private final ObjectStore store;
    private final StorageConfig storage;

    public IndexService(EntityManager em, AccessPolicy access, ObjectStore store, StorageConfig storage) {
        this.em = em;
        this.access = access;
        this.store = store;
        this.storage = storage;
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
                        + (all ? "" : " and e.visibility = '" + Environment.PUBLIC + "'") + " order by e.name",
                        OwnerIndex.Project.class)
                .setParameter("owner", owner).setHint(HibernateHints.HINT_READ_ONLY, true).getResultList();
        return new OwnerIndex(owner.name, projects);
    }

    /** Every file of every version of a project (yanked ones too), in PEP 440 order; 404 when missing or unreadable. */
    public ProjectPage project(String ownerName, String normalizedName) {
        Optional<Environment> found = em.createQuery("select e from Environment e join fetch e.owner o"
                        + " where lower(o.name) = lower(:owner) and e.name = :name", Environment.class)
                .setParameter("owner", ownerName).setParameter("name", normalizedName)
                .setHint(HibernateHints.HINT_READ_ONLY, true).getResultStream().findFirst();
        Environment env = access.requireReadable(found, "Project " + ownerName + "/" + normalizedName);
        List<IndexFile> rows = em.createQuery("select new " + IndexFile.class.getName() + "(a.filename, a.sha256, a.size,"
                        + " a.metadataSha256, a.createdAt, v.version, v.yanked, v.yankReason, v.requiresPython)"
                        + " from Artifact a join a.version v where v.environment = :env", IndexFile.class)
                .setParameter("env", env).getResultList();
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
        return new ProjectPage(env.owner.name, env.name, !env.isPrivate(), versions, files);
    }

    private record Sorted(Version version, IndexFile file) {
    }

    /**
     * Counts a download (today's row in {@code hub.downloads_daily} and the environment's total, in this transaction)
     * and returns a short-lived presigned URL of the object.
     */
    @Transactional
    public Download download(String ownerName, String normalizedName, String filename, boolean count) {
        Object[] row = lookup("a.objectKey", ownerName, normalizedName, filename);
        Environment env = (Environment) row[0];
        String url = store.presignedGet((String) row[1], storage.presignTtl());
        if (count) {
            em.createNativeQuery("""
                    WITH today AS (
                        INSERT INTO hub.downloads_daily AS d (environment_id, day, count)
                        VALUES (?1, (now() AT TIME ZONE 'UTC')::date, 1)
                        ON CONFLICT (environment_id, day) DO UPDATE SET count = d.count + 1)
                    UPDATE hub.environments SET download_count = download_count + 1 WHERE id = ?1""")
                    .setParameter(1, env.id).executeUpdate();
        }
        return new Download(url, !env.isPrivate());
    }

    /** The PEP 658 metadata file of a wheel: its METADATA, as stored (its sha256 is the one the pages announce). */
    public Metadata metadata(String ownerName, String normalizedName, String filename) {
        Object[] row = lookup("a.metadataText", ownerName, normalizedName, filename);
        return new Metadata((String) row[1], !((Environment) row[0]).isPrivate());
    }

    private Object[] lookup(String column, String ownerName, String normalizedName, String filename) {
        Optional<Object[]> row = em.createQuery(FILE_LOOKUP.formatted(column), Object[].class)
                .setParameter("owner", ownerName).setParameter("name", normalizedName).setParameter("filename", filename)
                .setHint(HibernateHints.HINT_READ_ONLY, true).getResultStream().findFirst();
        access.requireReadable(row.map(r -> (Environment) r[0]),
                "File " + ownerName + "/" + normalizedName + "/" + filename);
        return row.get();
    }
}
