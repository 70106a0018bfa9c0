package io.envhub.registry.publish;

import io.envhub.contract.ProblemCode;
import io.envhub.registry.account.Owner;
import io.envhub.registry.environment.Environment;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.version.Artifact;
import io.envhub.registry.version.EnvironmentVersion;
import io.envhub.registry.moderation.FirstPublicationHold;
import io.envhub.registry.validation.ValidationJob;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.nio.file.Path;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Publishes an uploaded wheel as a new version. The object is stored (content-addressed, once) and the rows are
 * written in one transaction that holds an advisory lock on the object key, so concurrent pushes of the same bytes
 * serialize, and a failed push removes only an object it created itself, before anyone else can reference it.
 */
@ApplicationScoped
public class PublishService {
    private static final Logger LOG = Logger.getLogger(PublishService.class);

    private final EntityManager em;
    private final ObjectStore store;
    private final AccessPolicy access;
    private final Caller caller;
    private final WheelInspector inspector;
    private final LatestVersion latest;
    private final UploadConfig limits;
    private final FirstPublicationHold hold;

    public PublishService(EntityManager em, ObjectStore store, AccessPolicy access, Caller caller, WheelInspector inspector,
                          LatestVersion latest, UploadConfig limits, FirstPublicationHold hold) {
        this.hold = hold;
        this.em = em;
        this.store = store;
        this.access = access;
        this.caller = caller;
        this.inspector = inspector;
        this.latest = latest;
        this.limits = limits;
    }

    /** What a successful push created. */
    public record Published(String owner, String name, String version, String filename, String sha256, long size,
                            String status, long validationJob, boolean environmentCreated) {
    }

    /**
     * Checks and publishes a file whose sha256 is already known (hashed while it was received).
     *
     * @param knownSha256 the file's sha256 (hex), or null to hash it here
     * @param visibility visibility of a new environment (ignored when the environment exists), or null for public
     * @param writtenKey the object key this push already wrote and checked ({@link UploadReceiver}), or null
     */
    @Transactional
    public Published publish(String ownerName, String urlName, Path file, String knownSha256, String uploadedName,
                             String claimedSha256, String visibility, String writtenKey) {
        Owner owner = requirePublisher(ownerName);
        long size = sizeOf(file);
        if (size > limits.maxBytes()) {
            throw new ApiException.TooLarge("The wheel is " + size + " bytes; the limit is " + limits.maxBytes() + " bytes.");
        }
        InspectedWheel wheel = inspector.inspect(file, uploadedName, claimedSha256, knownSha256);
        String project = wheel.name().normalized();
        if (!project.equals(io.envhub.format.name.ProjectName.normalize(urlName))) {
            throw new ApiException.Invalid(ProblemCode.NAME_MISMATCH, "The wheel is '" + project + "' but was pushed to "
                    + ownerName + "/" + urlName + ".");
        }
        String key = Artifact.objectKeyFor(wheel.sha256());
        em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtextextended(?1, 0))").setParameter(1, key).getSingleResult();

        boolean newEnvironment = createEnvironmentIfMissing(owner, wheel, visibility);
        Environment env = lockedEnvironment(owner, wheel);
        claimVersionAndFilename(owner, env, wheel);

        boolean created = false;
        Optional<Long> existing = key.equals(writtenKey) ? Optional.of(wheel.size()) : store.size(key);
        if (existing.isEmpty() || !key.equals(writtenKey) && !StoredObjects.matches(store, key, existing.get(), wheel)) {
            // absent, or an object that does not hold the bytes its address names: never trusted, (re)written
            try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
                store.put(key, in, wheel.size(), "application/zip");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            created = existing.isEmpty();
        }
        try {
            return record(owner, env, wheel, key, newEnvironment);
        } catch (RuntimeException e) {
            if (created) {
                deleteQuietly(key);
            }
            throw e;
        }
    }

    /**
     * Refuses, before any byte of an upload is read, a caller who may not publish under the owner and a file name that
     * is not a wheel of the environment in the URL.
     */
    @Transactional
    public void preflight(String ownerName, String urlName, String filename) {
        requirePublisher(ownerName);
        if (filename == null || !filename.endsWith(".whl")) {
            throw new ApiException.Invalid(ProblemCode.NOT_A_WHEEL, "Only wheels (.whl) can be published; got '" + filename + "'.");
        }
        String project = io.envhub.format.name.ProjectName.normalize(filename.substring(0, Math.max(0, filename.indexOf('-'))));
        if (!project.equals(io.envhub.format.name.ProjectName.normalize(urlName))) {
            throw new ApiException.Invalid(ProblemCode.NAME_MISMATCH, "The file " + filename + " is not a wheel of " + ownerName + "/"
                    + urlName + ".");
        }
    }

    private Owner requirePublisher(String ownerName) {
        access.requireSignedIn();
        Owner owner = Owner.findByName(ownerName).orElseThrow(
                () -> new ApiException.NotFound("Owner '" + ownerName + "' does not exist."));
        access.requirePublish(owner);
        return owner;
    }

    private Published record(Owner owner, Environment env, InspectedWheel wheel, String key, boolean envCreated) {
        long stored = store.size(key).orElseThrow(() -> new IllegalStateException("object vanished: " + key));
        if (stored != wheel.size()) {
            throw new IllegalStateException("stored object " + key + " has " + stored + " bytes, expected " + wheel.size());
        }
        EnvironmentVersion v = new EnvironmentVersion();
        v.environment = env;
        v.version = wheel.version().toString();
        v.versionKey = wheel.version().identityKey();
        v.summary = wheel.metadata().summary();
        v.requiresPython = wheel.metadata().requiresPython();
        v.dependencies = wheel.metadata().requiresDist().toArray(String[]::new);
        v.coreMetadata = MetadataJson.of(wheel.metadata());
        v.createdBy = caller.ownerId();
        hold.apply(v);
        v.persist();

        Artifact a = new Artifact();
        a.version = v;
        a.filename = wheel.filename();
        a.sha256 = wheel.sha256();
        a.size = wheel.size();
        a.objectKey = key;
        a.metadataText = wheel.metadataText();
        a.metadataSha256 = wheel.metadataSha256();
        a.files = wheel.filesJson();
        a.persist();

        ValidationJob job = ValidationJob.queue(v.id);
        job.persist();
        latest.refresh(env);
        em.flush();
        LOG.infof("published %s/%s %s (%s, %d bytes) by %s", owner.name, env.name, v.version, a.sha256, a.size, caller.username());
        return new Published(owner.name, env.name, v.version, a.filename, a.sha256, a.size, v.status, job.id, envCreated);
    }

    private boolean createEnvironmentIfMissing(Owner owner, InspectedWheel wheel, String visibility) {
        String vis = visibility == null || visibility.isBlank() ? Environment.PUBLIC : visibility.trim();
        if (!Environment.PUBLIC.equals(vis) && !Environment.PRIVATE.equals(vis)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_VISIBILITY, "visibility must be 'public' or 'private', not '" + vis + "'.");
        }
        return em.createNativeQuery("""
                INSERT INTO hub.environments (owner_id, name, display_name, summary, visibility)
                VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (owner_id, name) DO NOTHING""")
                .setParameter(1, owner.id).setParameter(2, wheel.name().normalized()).setParameter(3, wheel.name().original())
                .setParameter(4, wheel.metadata().summary()).setParameter(5, vis).executeUpdate() == 1;
    }

    private Environment lockedEnvironment(Owner owner, InspectedWheel wheel) {
        return em.createQuery("from Environment e where e.owner = ?1 and e.name = ?2", Environment.class)
                .setParameter(1, owner).setParameter(2, wheel.name().normalized())
                .setLockMode(jakarta.persistence.LockModeType.PESSIMISTIC_WRITE)
                .getSingleResult();
    }

    private void claimVersionAndFilename(Owner owner, Environment env, InspectedWheel wheel) {
        int versionClaimed = em.createNativeQuery("""
                INSERT INTO hub.used_versions (owner_id, project, version_key) VALUES (?1, ?2, ?3)
                ON CONFLICT DO NOTHING""")
                .setParameter(1, owner.id).setParameter(2, env.name).setParameter(3, wheel.version().identityKey())
                .executeUpdate();
        if (versionClaimed == 0) {
            throw new ApiException.Conflict(ProblemCode.VERSION_EXISTS, owner.name + "/" + env.name + " " + wheel.version()
                    + " was already published (versions can never be reused, even after deletion): bump the version.");
        }
        int fileClaimed = em.createNativeQuery("""
                INSERT INTO hub.used_filenames (owner_id, filename) VALUES (?1, ?2) ON CONFLICT DO NOTHING""")
                .setParameter(1, owner.id).setParameter(2, wheel.filename()).executeUpdate();
        if (fileClaimed == 0) {
            throw new ApiException.Conflict(ProblemCode.FILENAME_USED, "The file name " + wheel.filename()
                    + " was used before under " + owner.name + " and can never be reused: bump the version.");
        }
    }

    private static long sizeOf(Path file) {
        try {
            return java.nio.file.Files.size(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void deleteQuietly(String key) {
        try {
            store.delete(key);
        } catch (RuntimeException e) {
            LOG.warnf("could not remove object %s after a failed push (the sweeper will): %s", key, e.getMessage());
        }
    }
}
