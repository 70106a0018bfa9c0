package io.envhub.registry.validation;

import io.envhub.registry.event.VersionEvents;

import io.envhub.contract.api.Verdict;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.validation.ClaimedJob;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.TrustVerdict;
import io.envhub.registry.model.VersionVerdicts;
import io.envhub.registry.environment.EnvironmentStatus;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.storage.StorageConfig;
import io.envhub.registry.validation.ValidationViews.Lease;
import io.envhub.registry.model.EnvironmentVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import io.envhub.registry.persistence.RetryOnDeadlock;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * The validation queue as workers see it: claiming a job under a lease ({@code FOR UPDATE SKIP LOCKED}, so concurrent
 * workers never get the same job), extending the lease, and giving a job back after an infrastructure failure.
 * A job gets {@link ValidationConfig#maxAttempts()} attempts; then it becomes {@code error}, never silently dropped.
 * Results are recorded by {@link ValidationResults}.
 */
@ApplicationScoped
public class ValidationQueue {
    static final String QUEUED = "queued";
    static final String RUNNING = "running";
    static final String DONE = "done";
    static final String ERROR = "error";

    private final EntityManager em;
    private final ObjectStore store;
    private final StorageConfig storage;
    private final ValidationConfig config;
    private final EnvironmentStatus environmentStatus;
    private final VersionVerdicts verdicts;
    private final Event<ValidationMetrics.Finished> finished;
    private final Event<ValidationMetrics.Claimed> claimed;
    private final VersionEvents versionEvents;

    public ValidationQueue(EntityManager em, ObjectStore store, StorageConfig storage, ValidationConfig config,
                           EnvironmentStatus environmentStatus, VersionVerdicts verdicts,
                           Event<ValidationMetrics.Finished> finished, Event<ValidationMetrics.Claimed> claimed,
                           VersionEvents versionEvents) {
        this.versionEvents = versionEvents;
        this.em = em;
        this.store = store;
        this.storage = storage;
        this.config = config;
        this.environmentStatus = environmentStatus;
        this.verdicts = verdicts;
        this.finished = finished;
        this.claimed = claimed;
    }

    /** Claims the oldest claimable job for {@code worker}, or nothing when none is claimable. */
    @Transactional
    @RetryOnDeadlock
    public Optional<ClaimedJob> claim(String worker) {
        giveUpExhausted();
        while (true) {
            List<?> ids = em.createNativeQuery("SELECT id FROM hub.validation_jobs WHERE state = 'queued'"
                            + " OR (state = 'running' AND lease_expires_at < now() AND attempts < ?1)"
                            + " ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED")
                    .setParameter(1, config.maxAttempts()).getResultList();
            if (ids.isEmpty()) {
                return Optional.empty();
            }
            long jobId = ((Number) ids.get(0)).longValue();
            Object waited = em.createNativeQuery("UPDATE hub.validation_jobs SET state = 'running', lease_owner = ?1,"
                            + " lease_expires_at = now() + make_interval(secs => ?2), attempts = attempts + 1, updated_at = now(),"
                            + " claimed_at = clock_timestamp() WHERE id = ?3"
                            + " RETURNING EXTRACT(EPOCH FROM clock_timestamp() - coalesce(queued_at, created_at))")
                    .setParameter(1, worker).setParameter(2, (double) config.lease().toMillis() / 1000).setParameter(3, jobId)
                    .getSingleResult();
            Row job = Row.single(em.createNativeQuery("SELECT j.version_id, j.attempts, j.lease_expires_at, o.name AS owner,"
                            + " e.name, v.version, a.filename, a.sha256, a.size, a.object_key FROM hub.validation_jobs j"
                            + " JOIN hub.versions v ON v.id = j.version_id JOIN hub.environments e ON e.id = v.environment_id"
                            + " JOIN hub.owners o ON o.id = e.owner_id"
                            + " LEFT JOIN LATERAL (SELECT * FROM hub.artifacts x WHERE x.version_id = v.id ORDER BY x.id LIMIT 1) a ON true"
                            + " WHERE j.id = ?1", Tuple.class)
                    .setParameter(1, jobId));
            long versionId = job.longValue("version_id");
            if (job.get("filename") == null) {
                finish(jobId, versionId, ERROR, "the version has no artifact to validate");
                continue;
            }
            setVersionStatus(versionId, EnvironmentVersion.VALIDATING);
            claimed.fire(new ValidationMetrics.Claimed(((Number) waited).doubleValue()));
            return Optional.of(new ClaimedJob(jobId, job.intValue("attempts"), leaseExpiry(job.get("lease_expires_at")),
                    job.string("owner"), job.string("name"), job.string("version"), job.string("filename"),
                    job.string("sha256"), job.longValue("size"), store.presignedGet(job.string("object_key"), storage.presignTtl())));
        }
    }

    /** Extends the lease of a running job held by {@code worker}; 409 when the worker no longer holds it. */
    @Transactional
    public Lease heartbeat(long jobId, String worker) {
        int updated = em.createNativeQuery("UPDATE hub.validation_jobs SET lease_expires_at = now() + make_interval(secs => ?1),"
                        + " updated_at = now() WHERE id = ?2 AND state = 'running' AND lease_owner = ?3")
                .setParameter(1, (double) config.lease().toMillis() / 1000).setParameter(2, jobId).setParameter(3, worker)
                .executeUpdate();
        if (updated == 0) {
            lockJob(jobId);
            throw leaseLost(jobId, worker);
        }
        Object expires = em.createNativeQuery("SELECT lease_expires_at FROM hub.validation_jobs WHERE id = ?1")
                .setParameter(1, jobId).getSingleResult();
        return new Lease(jobId, worker, leaseExpiry(expires));
    }

    /**
     * An infrastructure failure reported by the lease holder: the job is queued again (lease cleared) while attempts
     * remain, otherwise it and its version become {@code error}.
     */
    @Transactional
    @RetryOnDeadlock
    public ValidationViews.Outcome fail(long jobId, String worker, String error) {
        LockedJob job = lockJob(jobId);
        if (!RUNNING.equals(job.state()) || !worker.equals(job.leaseOwner())) {
            throw leaseLost(jobId, worker);
        }
        long versionId = job.versionId();
        int attempts = job.attempts();
        String message = error == null || error.isBlank() ? "infrastructure failure (no detail)" : cap(error);
        if (attempts >= config.maxAttempts()) {
            finish(jobId, versionId, ERROR, message);
            return new ValidationViews.Outcome(jobId, ERROR, attempts, EnvironmentVersion.ERROR);
        }
        em.createNativeQuery("UPDATE hub.validation_jobs SET state = 'queued', lease_owner = NULL, lease_expires_at = NULL,"
                        + " last_error = ?1, updated_at = now(), queued_at = now() WHERE id = ?2").setParameter(1, message)
                .setParameter(2, jobId).executeUpdate();
        setVersionStatus(versionId, EnvironmentVersion.PENDING);
        return new ValidationViews.Outcome(jobId, QUEUED, attempts, EnvironmentVersion.PENDING);
    }

    /** A job row read under its lock. */
    record LockedJob(long versionId, String state, String leaseOwner, int attempts) {
    }

    /** Locks the job row; 404 when there is no such job. */
    LockedJob lockJob(long jobId) {
        return Row.first(em.createNativeQuery("SELECT version_id, state, lease_owner, attempts FROM hub.validation_jobs"
                        + " WHERE id = ?1 FOR UPDATE", Tuple.class).setParameter(1, jobId))
                .map(r -> new LockedJob(r.longValue("version_id"), r.string("state"), r.string("lease_owner"),
                        r.intValue("attempts")))
                .orElseThrow(() -> new ApiException.NotFound("Validation job " + jobId + " does not exist."));
    }

    /** Ends a job in {@code done} or {@code error}, the version following an error. */
    void finish(long jobId, long versionId, String state, String error) {
        em.createNativeQuery("UPDATE hub.validation_jobs SET state = ?1, lease_expires_at = NULL, last_error = ?2,"
                + " updated_at = now() WHERE id = ?3").setParameter(1, state).setParameter(2, error).setParameter(3, jobId)
                .executeUpdate();
        if (ERROR.equals(state)) {
            setVersionStatus(versionId, EnvironmentVersion.ERROR);
            finished.fire(new ValidationMetrics.Finished(TrustVerdict.ERROR, secondsSinceClaim(jobId)));
        }
    }

    /** Seconds since the job was last claimed (null when it never was). */
    Double secondsSinceClaim(long jobId) {
        Object s = em.createNativeQuery("SELECT EXTRACT(EPOCH FROM clock_timestamp() - claimed_at) FROM hub.validation_jobs"
                + " WHERE id = ?1").setParameter(1, jobId).getSingleResult();
        return s == null ? null : ((Number) s).doubleValue();
    }

    /**
     * Sets a version's status and verdict ({@link VersionVerdicts}) and keeps its environment's denormalised status
     * ({@link EnvironmentStatus}) in step.
     */
    Verdict setVersionStatus(long versionId, String status) {
        Long environmentId = environmentStatus.lockEnvironmentOf(versionId);
        Verdict verdict = verdicts.setStatus(versionId, status);
        if (environmentId != null) {
            environmentStatus.refresh(environmentId);
        }
        if (EnvironmentVersion.VALIDATED.equals(status) || EnvironmentVersion.FAILED.equals(status)
                || EnvironmentVersion.ERROR.equals(status)) {
            // a final result: version.validated (and the publisher's notification) in this transaction
            versionEvents.validated(versionId);
        }
        return verdict;
    }

    static ApiException leaseLost(long jobId, String worker) {
        return new ApiException.Conflict(ProblemCode.LEASE_LOST, "Worker '" + worker + "' does not hold the lease of job " + jobId
                + " (it expired and was claimed again, or the job is no longer running).");
    }

    /** Jobs whose last attempt's lease expired: error, with their versions. */
    private void giveUpExhausted() {
        List<?> versions = em.createNativeQuery("UPDATE hub.validation_jobs SET state = 'error', lease_expires_at = NULL,"
                        + " last_error = 'lease of the last attempt expired (worker lost)', updated_at = now()"
                        + " WHERE id IN (SELECT id FROM hub.validation_jobs WHERE state = 'running' AND lease_expires_at < now()"
                        + " AND attempts >= ?1 FOR UPDATE SKIP LOCKED) RETURNING version_id")
                .setParameter(1, config.maxAttempts()).getResultList();
        for (Object v : versions) {
            setVersionStatus(((Number) v).longValue(), EnvironmentVersion.ERROR);
            finished.fire(new ValidationMetrics.Finished(TrustVerdict.ERROR, null));
        }
    }

    private static String cap(String error) {
        return error.length() > 4000 ? error.substring(0, 4000) : error;
    }

    /** A lease's expiry, which a running job always has. */
    private static OffsetDateTime leaseExpiry(Object value) {
        if (value == null) {
            throw new IllegalStateException("a running job without a lease expiry");
        }
        return Row.time(value);
    }
}
