package io.envhub.registry.publish;

import io.envhub.registry.event.VersionEvents;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.storage.ObjectKeyLock;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.moderation.FirstPublicationHold;
import io.envhub.registry.validation.ValidationJob;
import io.envhub.registry.version.LatestVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import io.envhub.registry.persistence.RetryOnDeadlock;
import jakarta.transaction.Transactional;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Authorises a push ({@link #preflight}, once, before its bytes are read) and records it as a new version
 * ({@link #record}): the object is stored (content-addressed, once) and the rows are written in one transaction under
 * the object key's lock, so concurrent pushes of the same bytes serialize. Removing what a failed push wrote is
 * {@link PushInProgress}'s job.
 */
@ApplicationScoped
public class PublishService {
    private static final Logger LOG = Logger.getLogger(PublishService.class);

    private final EntityManager em;
    private final ObjectStore store;
    private final AccessPolicy access;
    private final Caller caller;
    private final LatestVersion latest;
    private final FirstPublicationHold hold;
    private final ObjectKeyLock keyLock;
    private final VersionEvents events;

    public PublishService(EntityManager em, ObjectStore store, AccessPolicy access, Caller caller, LatestVersion latest,
                          FirstPublicationHold hold, ObjectKeyLock keyLock, VersionEvents events) {
        this.events = events;
        this.keyLock = keyLock;
        this.hold = hold;
        this.em = em;
        this.store = store;
        this.access = access;
        this.caller = caller;
        this.latest = latest;
    }

    /**
     * What a successful push created; {@code trustStatus} is the version's verdict in the public vocabulary
     * ({@code validating} until the validator reports).
     */
    public record Published(String owner, String name, String version, String filename, String sha256, long size,
                            String trustStatus, long validationJob, boolean environmentCreated) {
    }

    /**
     * Records an inspected push as a new version, under the object key's lock. The store is asked once, under the
     * lock: an object the push streamed is trusted when it is still there with its size (only a removal can have
     * touched it since), any other is checked byte for byte ({@link StoredObjects}); an absent or wrong one is written
     * here. What the push wrote is its to remove if this fails ({@link PushInProgress}).
     *
     * @param ownerId the owner {@link #preflight} authorised the caller to publish under
     * @param visibility visibility of a new environment (ignored when the environment exists), or null for public
     */
    @Transactional
    @RetryOnDeadlock
    public Published record(long ownerId, String urlName, InspectedWheel wheel, String visibility, PushInProgress push) {
        Owner owner = Owner.findById(ownerId);
        String project = wheel.name().normalized();
        if (!project.equals(io.envhub.format.name.ProjectName.normalize(urlName))) {
            throw new ApiException.Invalid(ProblemCode.NAME_MISMATCH, "The wheel is '" + project + "' but was pushed to "
                    + owner.name + "/" + urlName + ".");
        }
        String key = Artifact.objectKeyFor(wheel.sha256());
        keyLock.lock(key);
        boolean newEnvironment = createEnvironmentIfMissing(owner, wheel, visibility);
        Environment env = lockedEnvironment(owner, wheel);
        claimVersionAndFilename(owner, env, wheel);

        Optional<Long> existing = store.size(key);
        boolean streamed = push.wrote(key) && existing.isPresent() && existing.get() == wheel.size();
        if (!streamed) {
            if (existing.isEmpty() || !StoredObjects.matches(store, key, existing.get(), wheel)) {
                // absent, or an object that does not hold the bytes its address names: never trusted, (re)written
                try (java.io.InputStream in = java.nio.file.Files.newInputStream(push.received().file())) {
                    store.put(key, in, wheel.size(), "application/zip");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                if (existing.isEmpty()) {
                    push.wroteObject(key);
                }
            }
        }
        return record(owner, env, wheel, key, newEnvironment);
    }

    /**
     * Refuses, before any byte of an upload is read, a caller who may not publish under the owner and a file name that
     * is not a wheel of the environment in the URL. Returns the owner's id: the push's one authorisation.
     */
    @Transactional
    public long preflight(String ownerName, String urlName, String filename) {
        Owner owner = requirePublisher(ownerName, urlName);
        if (filename == null || !filename.endsWith(".whl")) {
            throw new ApiException.Invalid(ProblemCode.NOT_A_WHEEL, "Only wheels (.whl) can be published; got '" + filename + "'.");
        }
        String project = io.envhub.format.name.ProjectName.normalize(filename.substring(0, Math.max(0, filename.indexOf('-'))));
        if (!project.equals(io.envhub.format.name.ProjectName.normalize(urlName))) {
            throw new ApiException.Invalid(ProblemCode.NAME_MISMATCH, "The file " + filename + " is not a wheel of " + ownerName + "/"
                    + urlName + ".");
        }
        return owner.id;
    }

    private Owner requirePublisher(String ownerName, String project) {
        access.requireSignedIn();
        Owner owner = Owner.findByName(ownerName).orElseThrow(
                () -> new ApiException.NotFound("Owner '" + ownerName + "' does not exist."));
        access.requireUpload(owner, project);
        return owner;
    }

    private Published record(Owner owner, Environment env, InspectedWheel wheel, String key, boolean envCreated) {
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
        // every upload path records through here: version.published (and a hold) is written with the version's rows
        events.published(v.id);
        if (v.heldForReview) {
            events.quarantined(v.id, true);
        }
        LOG.infof("published %s/%s %s (%s, %d bytes) by %s", owner.name, env.name, v.version, a.sha256, a.size, caller.username());
        return new Published(owner.name, env.name, v.version, a.filename, a.sha256, a.size, v.verdict().trustStatus(), job.id,
                envCreated);
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
}
