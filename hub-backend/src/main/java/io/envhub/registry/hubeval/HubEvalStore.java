package io.envhub.registry.hubeval;

import io.envhub.contract.api.HubEvalRun;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;

/**
 * The rows of {@code hub.hub_eval_runs} (V49): progress, the end of a run, the per-user limit (counted under a
 * per-user advisory lock, so that any number of instances enforce it together) and the sweep of interrupted runs.
 * Each method is its own transaction. No column holds the API key.
 */
@ApplicationScoped
public class HubEvalStore {
    /** A run's row, as the API shows it. */
    record Found(HubEvalRun view, long userId, long environmentId) {
    }

    private final EntityManager em;

    public HubEvalStore(EntityManager em) {
        this.em = em;
    }

    /** Writes a queued run, unless the user already has {@code max} queued or running (429). */
    void insert(String id, long userId, long environmentId, long versionId, String model, String origin, String sampling,
                int examples, int rollouts, int max) {
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtext('hub-eval:' || ?1))").setParameter(1, userId)
                    .getSingleResult();
            long active = ((Number) em.createNativeQuery("SELECT count(*) FROM hub.hub_eval_runs WHERE user_id = ?1"
                    + " AND status IN ('queued', 'running')").setParameter(1, userId).getSingleResult()).longValue();
            if (active >= max) {
                throw new ApiException.TooManyRequests("You have " + active + " hub-run evaluations queued or running (at most "
                        + max + "); wait for one to end or cancel one (POST .../evals/runs/{id}/cancel).", 30);
            }
            em.createNativeQuery("""
                    INSERT INTO hub.hub_eval_runs (id, user_id, environment_id, version_id, model, endpoint_host, sampling_args,
                        num_examples, rollouts_per_example, total)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, CAST(?7 AS jsonb), ?8, ?9, ?10)""")
                    .setParameter(1, id).setParameter(2, userId).setParameter(3, environmentId).setParameter(4, versionId)
                    .setParameter(5, model).setParameter(6, origin).setParameter(7, sampling).setParameter(8, examples)
                    .setParameter(9, rollouts).setParameter(10, examples * rollouts).executeUpdate();
        });
    }

    Optional<Found> find(String id) {
        if (id == null || !id.matches("[0-9a-f]{32}")) {
            return Optional.empty();
        }
        return QuarkusTransaction.requiringNew().call(() -> Row.first(em.createNativeQuery("SELECT id, user_id, environment_id,"
                        + " status, done, total, reward_sum, model, error, eval_run_id FROM hub.hub_eval_runs WHERE id = ?1", Tuple.class)
                .setParameter(1, id)).map(r -> {
                    int done = r.intValue("done");
                    Long evalRun = r.longOrNull("eval_run_id");
                    HubEvalRun view = new HubEvalRun(r.string("id"), r.string("status"), done, r.intValue("total"),
                            done == 0 ? null : r.doubleValue("reward_sum") / done, HubEvalRun.PROVENANCE,
                            r.string("model"), r.string("error"), evalRun);
                    return new Found(view, r.longValue("user_id"), r.longValue("environment_id"));
                }));
    }

    /** Queued to running (false when it was cancelled meanwhile). */
    boolean markRunning(String id) {
        return update("UPDATE hub.hub_eval_runs SET status = 'running', heartbeat_at = now() WHERE id = ?1 AND status = 'queued'", id) == 1;
    }

    /** Fewer examples than asked (the environment has fewer tasks). */
    void resize(String id, int examples, int total) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.hub_eval_runs SET num_examples = ?2, total = ?3"
                + " WHERE id = ?1").setParameter(1, id).setParameter(2, examples).setParameter(3, total).executeUpdate());
    }

    /** One more rollout done; false when the run is no longer running (cancelled or swept). */
    boolean progress(String id, int done, double rewardSum) {
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("UPDATE hub.hub_eval_runs SET done = ?2,"
                        + " reward_sum = ?3, heartbeat_at = now() WHERE id = ?1 AND status = 'running'")
                .setParameter(1, id).setParameter(2, done).setParameter(3, rewardSum).executeUpdate()) == 1;
    }

    /** Whether the run is still running (not cancelled). */
    boolean running(String id) {
        return QuarkusTransaction.requiringNew().call(() -> Row.first(em.createNativeQuery(
                "SELECT status FROM hub.hub_eval_runs WHERE id = ?1", Tuple.class).setParameter(1, id))
                .map(r -> HubEvalRun.RUNNING.equals(r.string("status"))).orElse(false));
    }

    /** Renews the heartbeat of the runs this instance holds. */
    void heartbeat(Collection<String> ids) {
        if (ids.isEmpty()) {
            return;
        }
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.hub_eval_runs SET heartbeat_at = now()"
                + " WHERE id = ANY(?1) AND status IN ('queued', 'running')").setParameter(1, ids.toArray(String[]::new)).executeUpdate());
    }

    void finish(String id, long evalRunId) {
        update("UPDATE hub.hub_eval_runs SET status = 'finished', eval_run_id = " + evalRunId + ", ended_at = now()"
                + " WHERE id = ?1 AND status = 'running'", id);
    }

    /** Queued or running to failed; false when it had already ended (cancelled). */
    boolean fail(String id, String error) {
        String why = error.length() > 1000 ? error.substring(0, 999) + "…" : error;
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("UPDATE hub.hub_eval_runs SET status = 'failed',"
                + " error = ?2, ended_at = now() WHERE id = ?1 AND status IN ('queued', 'running')").setParameter(1, id)
                .setParameter(2, why)
                .executeUpdate()) == 1;
    }

    /** Queued or running to cancelled; false when it had already ended. */
    boolean cancel(String id) {
        return update("UPDATE hub.hub_eval_runs SET status = 'cancelled', ended_at = now() WHERE id = ?1"
                + " AND status IN ('queued', 'running')", id) == 1;
    }

    /** Marks failed ("interrupted") every queued or running run whose heartbeat is older than {@code stale}. */
    int sweepInterrupted(Duration stale) {
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("UPDATE hub.hub_eval_runs SET status = 'failed',"
                + " error = 'interrupted: the hub instance running it stopped or restarted; start the evaluation again',"
                + " ended_at = now() WHERE status IN ('queued', 'running') AND heartbeat_at < now() - make_interval(secs => ?1)")
                .setParameter(1, (double) stale.toMillis() / 1000).executeUpdate());
    }

    private int update(String sql, String id) {
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(sql).setParameter(1, id).executeUpdate());
    }
}
