package io.envhub.registry.evaluation;

import io.envhub.kit.error.ApiException;
import io.envhub.registry.environment.Environment;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.report.ReportService;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.version.EnvironmentVersion;
import io.envhub.registry.version.VersionService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import org.jboss.logging.Logger;

/**
 * The transactional steps of pushing and deleting runs. A stored object is shared by every run with the same bytes;
 * inserting a row and deleting the last row of a key hold that key's advisory lock (as artifacts do), so a delete
 * never removes an object that a push is about to reference.
 */
@ApplicationScoped
public class EvalStore {
    private static final Logger LOG = Logger.getLogger(EvalStore.class);

    private final EnvironmentLookup lookup;
    private final VersionService versions;
    private final AccessPolicy access;
    private final Caller caller;
    private final ObjectStore store;
    private final EntityManager em;
    private final ReportService reports;

    public EvalStore(EnvironmentLookup lookup, VersionService versions, AccessPolicy access, Caller caller,
                     ObjectStore store, EntityManager em, ReportService reports) {
        this.reports = reports;
        this.lookup = lookup;
        this.versions = versions;
        this.access = access;
        this.caller = caller;
        this.store = store;
        this.em = em;
    }

    /** Where a push goes. */
    record Target(long environmentId, long versionId, String owner, String name, String version, long submitter) {
    }

    /** 401 anonymous, 404 unknown or unreadable environment or version, 403 without publish scope, 409 not validated. */
    @Transactional
    public Target target(String owner, String name, String version) {
        access.requireSignedIn();
        Environment env = lookup.readable(owner, name);
        access.requireScope(Caller.PUBLISH);
        EnvironmentVersion v = versions.find(owner, name, version).version();
        if (!EnvironmentVersion.VALIDATED.equals(v.status)) {
            throw new ApiException.Conflict("version-not-validated", "Version " + v.version + " of " + env.owner.name + "/"
                    + env.name + " is " + v.status + ": results are accepted for validated versions only.");
        }
        return new Target(env.id, v.id, env.owner.name, env.name, v.version, caller.ownerId());
    }

    /** Writes the row, first making sure (under the keys' locks) that both objects are in the store. */
    @Transactional
    public long insert(EvalRun run, Path resultsFile, byte[] metadata) {
        lock(run.resultsKey, run.metadataKey);
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
        return run.id;
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
        lock(run.resultsKey, run.metadataKey);
        run.delete();
        em.flush();
        removeUnreferenced(java.util.List.of(run.resultsKey, run.metadataKey));
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
        lock(keys.toArray(String[]::new));
        for (EvalRun run : runs) {
            run.delete();
        }
        em.flush();
        removeUnreferenced(keys);
    }

    private void removeUnreferenced(java.util.Collection<String> keys) {
        for (String key : new TreeSet<>(keys)) {
            long refs = ((Number) em.createNativeQuery("SELECT count(*) FROM hub.eval_runs WHERE results_key = ?1 OR metadata_key = ?1")
                    .setParameter(1, key).getSingleResult()).longValue();
            if (refs == 0) {
                try {
                    store.delete(key);
                } catch (RuntimeException e) {
                    LOG.warnf("could not remove %s of a deleted run: %s", key, e.getMessage());
                }
            }
        }
    }

    private void lock(String... keys) {
        for (String key : new TreeSet<>(java.util.List.of(keys))) {
            em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtextextended(?1, 0))").setParameter(1, key).getSingleResult();
        }
    }
}
