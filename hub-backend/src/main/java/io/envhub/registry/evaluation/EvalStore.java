package io.envhub.registry.evaluation;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.Environment;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.report.ReportService;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.storage.ObjectKeyLock;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.version.VersionDeleting;
import io.envhub.registry.storage.RemoveAfterCommit;
import io.envhub.registry.version.VersionService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The transactional steps of pushing and deleting runs. A stored object is shared by every run with the same bytes;
 * inserting a row and deleting the last row of a key hold that key's {@link ObjectKeyLock} (as artifacts do), and the
 * objects of deleted rows are removed only once the delete has committed ({@link RemoveAfterCommit}), so a delete
 * never removes an object that a push is about to reference, and a delete that rolls back keeps its objects.
 */
@ApplicationScoped
public class EvalStore {
    private final EnvironmentLookup lookup;
    private final VersionService versions;
    private final AccessPolicy access;
    private final Caller caller;
    private final ObjectStore store;
    private final EntityManager em;
    private final ObjectKeyLock keyLock;
    private final RemoveAfterCommit removal;
    private final ReportService reports;
    private final io.envhub.registry.event.EventOutbox outbox;

    public EvalStore(EnvironmentLookup lookup, VersionService versions, AccessPolicy access, Caller caller,
                     ObjectStore store, EntityManager em, ObjectKeyLock keyLock, RemoveAfterCommit removal,
                     ReportService reports, io.envhub.registry.event.EventOutbox outbox) {
        this.outbox = outbox;
        this.keyLock = keyLock;
        this.removal = removal;
        this.reports = reports;
        this.lookup = lookup;
        this.versions = versions;
        this.access = access;
        this.caller = caller;
        this.store = store;
        this.em = em;
    }

    /** Where a push goes. */
    public record Target(long environmentId, long versionId, String owner, String name, String version, long submitter) {
    }

    /**
     * 401 anonymous, 404 unknown or unreadable environment or version, 403 without publish scope, 409 not validated or
     * validated by static checks only (the hub never ran it).
     */
    @Transactional
    public Target target(String owner, String name, String version) {
        access.requireSignedIn();
        Environment env = lookup.readable(owner, name);
        access.requireScope(Caller.PUBLISH);
        EnvironmentVersion v = versions.find(owner, name, version).version();
        if (!EnvironmentVersion.VALIDATED.equals(v.status)) {
            throw new ApiException.Conflict(ProblemCode.VERSION_NOT_VALIDATED, "Version " + v.version + " of " + env.owner.name + "/"
                    + env.name + " is " + v.status + ": results are accepted for validated versions only.");
        }
        if (!Boolean.TRUE.equals(v.runtimeVerified)) {
            throw new ApiException.Conflict(ProblemCode.VERSION_NOT_RUNTIME_VERIFIED, "Version " + v.version + " of "
                    + env.owner.name + "/" + env.name + " passed static checks only"
                    + (v.statusReason == null || v.statusReason.isBlank() ? "" : " (" + v.statusReason + ")")
                    + ": the hub never ran it, so it cannot tell that a run of it is a run of this package. Results are "
                    + "accepted for versions whose validation ran the environment (verified or flagged).");
        }
        return new Target(env.id, v.id, env.owner.name, env.name, v.version, caller.ownerId());
    }

    /** Writes the row, first making sure (under the keys' locks) that both objects are in the store. */
    @Transactional
    public long insert(EvalRun run, Path resultsFile, byte[] metadata) {
        keyLock.lockAll(java.util.List.of(run.resultsKey, run.metadataKey));
        if (store.size(run.resultsKey).filter(s -> s == run.resultsBytes).isEmpty()) {
            try (InputStream in = Files.newInputStream(resultsFile)) {
                store.put(run.resultsKey, in, run.resultsBytes, "application/x-ndjson");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (store.size(run.metadataKey).filter(s -> s == metadata.length).isEmpty()) {
            store.put(run.metadataKey, new java.io.ByteArrayInputStream(metadata), metadata.length, "application/json");
        }
        run.persist();
        em.flush();
        added(run);
        return run.id;
    }

    /** {@code eval.added}, in the run's transaction: the run as its summary shows it, for the environment's webhooks. */
    private void added(EvalRun run) {
        Object[] env = (Object[]) em.createNativeQuery("SELECT o.name, e.name, e.owner_id, v.version FROM hub.environments e"
                + " JOIN hub.owners o ON o.id = e.owner_id JOIN hub.versions v ON v.id = ?2 WHERE e.id = ?1")
                .setParameter(1, run.environmentId).setParameter(2, run.versionId).getSingleResult();
        java.util.Map<String, Object> object = new java.util.LinkedHashMap<>();
        object.put("id", run.id);
        object.put("environment", env[0] + "/" + env[1]);
        object.put("version", env[3]);
        object.put("model", run.model);
        object.put("provider", run.provider);
        object.put("rewardMean", run.rewardMean);
        object.put("rewardStd", run.rewardStd);
        object.put("numRollouts", run.numRollouts);
        object.put("provenance", run.provenance);
        object.put("createdAt", run.createdAt);
        outbox.emit(io.envhub.contract.event.EventType.EVAL_ADDED, object,
                new io.envhub.registry.event.EventOutbox.Scope(run.environmentId, ((Number) env[2]).longValue()), java.util.List.of());
    }

    /** Deletes a run (its submitter or an admin), and its objects when no other run shares them. */
    @Transactional
    public void delete(String owner, String name, long id) {
        Environment env = lookup.readable(owner, name);
        EvalRun run = EvalRun.<EvalRun>find("id = ?1 and environmentId = ?2", id, env.id).firstResultOptional()
                .orElseThrow(() -> EvalQueries.runNotFound(env, id));
        access.requireScope(Caller.PUBLISH);
        boolean mine = run.submittedBy != null && run.submittedBy.equals(caller.ownerId());
        if (!mine && !caller.isAdmin()) {
            throw new ApiException.Forbidden("Only the run's submitter (with a 'publish' token) and admins may delete it.");
        }
        reports.markActioned(EvalRun.target(env.owner.name, env.name, run.id), caller.username(),
                mine ? "deleted by its submitter" : "deleted by an admin");
        remove(run);
    }

    /** Deletes a run (in the caller's transaction), and its objects when no other run shares them. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void remove(EvalRun run) {
        keyLock.lockAll(java.util.List.of(run.resultsKey, run.metadataKey));
        run.delete();
        em.flush();
        removal.removeUnreferenced(java.util.List.of(run.resultsKey, run.metadataKey)); // once this has committed
    }

    /** A version is being deleted ({@link VersionDeleting}, in its transaction): its runs go with it. */
    void onVersionDeleting(@Observes VersionDeleting deleting) {
        deleteRunsOf(deleting.versionId());
    }

    /**
     * Deletes every run of a version that is being deleted (in the caller's transaction), and their objects when no
     * other run shares them: the rows would go by cascade, but the files would stay behind in the store.
     */
    public void deleteRunsOf(long versionId) {
        java.util.List<EvalRun> runs = EvalRun.list("versionId", versionId);
        if (runs.isEmpty()) {
            return;
        }
        java.util.List<String> keys = new java.util.ArrayList<>();
        for (EvalRun run : runs) {
            keys.add(run.resultsKey);
            keys.add(run.metadataKey);
        }
        keyLock.lockAll(keys);
        for (EvalRun run : runs) {
            run.delete();
        }
        em.flush();
        removal.removeUnreferenced(keys); // once the caller's transaction has committed
    }
}
