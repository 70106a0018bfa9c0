package io.envhub.registry.version;

import io.envhub.contract.ProblemCode;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.Version;
import io.envhub.registry.model.Environment;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.storage.ObjectKeyLock;
import io.envhub.registry.storage.RemoveAfterCommit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import io.envhub.registry.persistence.RetryOnDeadlock;
import jakarta.transaction.Transactional;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Yank, unyank and delete. Yanking hides a version from resolution without deleting it; deleting removes the
 * version and its rows (and, once that has committed, the stored object when nothing else uses it), but its file
 * name and version stay burned.
 */
@ApplicationScoped
public class VersionChangeService {
    private static final Logger LOG = Logger.getLogger(VersionChangeService.class);
    private static final int MAX_REASON = 500;

    private final EntityManager em;
    private final AccessPolicy access;
    private final ObjectKeyLock keyLock;
    private final RemoveAfterCommit removal;
    private final LatestVersion latest;
    private final Event<VersionDeleting> deleting;

    public VersionChangeService(EntityManager em, AccessPolicy access, ObjectKeyLock keyLock, RemoveAfterCommit removal,
                                LatestVersion latest, Event<VersionDeleting> deleting) {
        this.deleting = deleting;
        this.em = em;
        this.access = access;
        this.keyLock = keyLock;
        this.removal = removal;
        this.latest = latest;
    }

    /** The yank state of a version after a change. */
    public record YankState(String owner, String name, String version, boolean yanked, String yankReason, String latestVersion) {
    }

    @Transactional
    @RetryOnDeadlock
    public YankState yank(String owner, String name, String version, String reason) {
        if (reason == null || reason.isBlank()) {
            throw new ApiException.Invalid(ProblemCode.REASON_REQUIRED, "Say why the version is yanked (field 'reason'); users see it.");
        }
        if (reason.length() > MAX_REASON) {
            throw new ApiException.Invalid(ProblemCode.REASON_TOO_LONG, "The reason is limited to " + MAX_REASON + " characters.");
        }
        EnvironmentVersion v = lockedVersion(owner, name, version);
        v.yanked = true;
        v.yankReason = reason.trim();
        latest.refresh(v.environment);
        return state(v);
    }

    @Transactional
    @RetryOnDeadlock
    public YankState unyank(String owner, String name, String version) {
        EnvironmentVersion v = lockedVersion(owner, name, version);
        v.yanked = false;
        v.yankReason = null;
        latest.refresh(v.environment);
        return state(v);
    }

    @Transactional
    @RetryOnDeadlock
    public void delete(String owner, String name, String version) {
        // object-key locks before row locks (ObjectKeyLock), as publishing takes them
        Environment manageable = manageable(owner, name);
        String versionKey = versionKey(owner, name, version);
        keyLock.lockAll(em.createQuery("select a.objectKey from Artifact a where a.version.environment = ?1"
                        + " and a.version.versionKey = ?2", String.class)
                .setParameter(1, manageable).setParameter(2, versionKey).getResultList());
        EnvironmentVersion v = locked(manageable, versionKey, owner, version, true);
        List<Artifact> artifacts = Artifact.list("version", v); // a version's artifacts never change: the keys locked
        List<String> keys = artifacts.stream().map(a -> a.objectKey).toList();
        Environment env = v.environment;
        deleting.fire(new VersionDeleting(v.id));
        for (Artifact a : artifacts) {
            a.delete();
        }
        v.delete();
        em.flush();
        removal.removeUnreferenced(keys); // once this transaction has committed
        latest.refresh(env);
        LOG.infof("deleted %s/%s %s", owner, env.name, v.version);
    }

    private EnvironmentVersion lockedVersion(String owner, String name, String version) {
        return locked(manageable(owner, name), versionKey(owner, name, version), owner, version, false);
    }

    /**
     * The version of a manageable environment, with the environment row locked. {@code jobsFirst}: lock the version's
     * validation job first. Recording a validation result locks the job, then the environment
     * ({@code ValidationQueue.lockJob}, then {@code EnvironmentStatus.lockEnvironmentOf}); deleting a version removes its
     * job too, so it takes the locks in that same order, or the two could deadlock.
     */
    private EnvironmentVersion locked(Environment env, String key, String owner, String version, boolean jobsFirst) {
        if (jobsFirst) {
            em.createNativeQuery("SELECT j.id FROM hub.validation_jobs j JOIN hub.versions v ON v.id = j.version_id"
                    + " WHERE v.environment_id = ?1 AND v.version_key = ?2 FOR UPDATE OF j")
                    .setParameter(1, env.id).setParameter(2, key).getResultList();
        }
        em.lock(env, LockModeType.PESSIMISTIC_WRITE);
        return EnvironmentVersion.<EnvironmentVersion>find("environment = ?1 and versionKey = ?2", env, key).firstResultOptional()
                .orElseThrow(() -> new ApiException.NotFound("Version '" + version + "' of " + owner + "/" + env.name
                        + " does not exist."));
    }

    /** The environment, after the checks that the caller may manage it. */
    private Environment manageable(String owner, String name) {
        access.requireSignedIn();
        String normalized = ProjectName.normalize(name);
        Environment env = access.requireReadable(Environment.find(owner, normalized), "Environment " + owner + "/" + normalized);
        access.requireManage(env);
        return env;
    }

    private static String versionKey(String owner, String name, String version) {
        try {
            return Version.parse(version).identityKey();
        } catch (RuntimeException e) {
            throw new ApiException.NotFound("Version '" + version + "' of " + owner + "/" + ProjectName.normalize(name)
                    + " does not exist.");
        }
    }

    private static YankState state(EnvironmentVersion v) {
        return new YankState(v.environment.owner.name, v.environment.name, v.version, v.yanked, v.yankReason,
                v.environment.latestVersion);
    }
}
