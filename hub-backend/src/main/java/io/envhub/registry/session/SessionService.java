package io.envhub.registry.session;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.download.PresignedUrls;
import io.envhub.registry.gate.GateGuard;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.RateLimiter;
import io.envhub.registry.version.VersionService;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Hosted sessions: starts them on a session runner (after the same checks as a download, plus: validated, not
 * yanked, not quarantined), records which runner holds each one ({@code hub.hosted_sessions}) and forwards
 * OpenEnv requests to it. Limits (open sessions per user, resets and steps per user and minute) are shared through
 * PostgreSQL, so any number of hub-backend instances enforce them together.
 */
@ApplicationScoped
public class SessionService {

    private static final Logger LOG = Logger.getLogger(SessionService.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A started session, as the API answers it. */
    public record Started(String id, String baseUrl, OffsetDateTime expiresAt) {
    }

    /** An open session found by id. */
    record Open(String id, long userId, String runner) {
    }

    private final VersionService versions;
    private final AccessPolicy access;
    private final GateGuard gate;
    private final PresignedUrls presigned;
    private final RunnerClient runners;
    private final RateLimiter limiter;
    private final SessionConfig config;
    private final EntityManager em;
    private final MeterRegistry meters;
    private final Timer stepTimer;

    public SessionService(VersionService versions, AccessPolicy access, GateGuard gate, PresignedUrls presigned,
                          RunnerClient runners, RateLimiter limiter, SessionConfig config, EntityManager em,
                          MeterRegistry meters) {
        this.versions = versions;
        this.access = access;
        this.gate = gate;
        this.presigned = presigned;
        this.runners = runners;
        this.limiter = limiter;
        this.config = config;
        this.em = em;
        this.meters = meters;
        this.stepTimer = Timer.builder("envhub.sessions.step").description("hosted session reset/step latency through the hub")
                .publishPercentiles(0.5, 0.99).register(meters);
    }

    /**
     * Starts a session of a version for the signed-in caller.
     *
     * @return the session's id, base URL and expiry
     */
    public Started start(String owner, String name, String version) {
        Owner user = access.requireSignedIn();
        VersionService.Found found = versions.find(owner, name, version);
        gate.requireFileAccess(found.environment());
        EnvironmentVersion v = found.version();
        String label = owner + "/" + name + " " + v.version;
        if (v.isQuarantined()) {
            throw new ApiException.Conflict(ProblemCode.VERSION_NOT_RUNNABLE, label + " is quarantined: it cannot be run.");
        }
        if (v.yanked) {
            throw new ApiException.Conflict(ProblemCode.VERSION_NOT_RUNNABLE, label + " is yanked: it cannot be run.");
        }
        if (!EnvironmentVersion.VALIDATED.equals(v.status)) {
            throw new ApiException.Conflict(ProblemCode.VERSION_NOT_RUNNABLE, label + " is " + v.status
                    + ": only validated versions can be run.");
        }
        if (found.artifact() == null) {
            throw new ApiException.NotFound("Version " + v.version + " has no file to run.");
        }
        String id = HexFormat.of().formatHex(random(16));
        String runner = QuarkusTransaction.requiringNew().call(() -> reserve(id, user.id, v.id, null));
        String wheelUrl = presigned.get(found.artifact().objectKey, found.artifact().filename);
        try {
            launch(runner, id, wheelUrl, owner);
        } catch (RuntimeException e) {
            end(id, "start failed: " + e.getMessage());
            throw e instanceof RunnerClient.SessionEnded
                    ? new ApiException.Unavailable(ProblemCode.SESSION_RUNNER_UNAVAILABLE, e.getMessage()) : e;
        }
        meters.counter("envhub.sessions.started").increment();
        OffsetDateTime expires = QuarkusTransaction.requiringNew().call(() -> Row.time(em.createNativeQuery(
                "SELECT expires_at FROM hub.hosted_sessions WHERE id = ?1").setParameter(1, id).getSingleResult()));
        return new Started(id, "/openenv/" + id, expires);
    }

    /**
     * Starts the session on its runner and keeps the address the runner holds it at (its advertised one when runners
     * share a load-balanced address), so every later call of the session reaches the same process.
     */
    private void launch(String runner, String id, String wheelUrl, String owner) {
        String holder = runners.start(runner, id, wheelUrl, owner);
        if (!holder.equals(runner)) {
            QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                    "UPDATE hub.hosted_sessions SET runner_url = ?2 WHERE id = ?1").setParameter(1, id)
                    .setParameter(2, holder).executeUpdate());
        }
    }

    /** Counts the user's open sessions under a per-user lock, picks a runner and writes the row. */
    private String reserve(String id, long userId, long versionId, String evalRunId) {
        em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtext('hosted-session:' || ?1))").setParameter(1, userId)
                .getSingleResult();
        closeStale("user_id = ?1", userId);
        long open = ((Number) em.createNativeQuery("SELECT count(*) FROM hub.hosted_sessions WHERE user_id = ?1 AND closed_at IS NULL"
                + " AND hub_eval_run_id IS NULL").setParameter(1, userId).getSingleResult()).longValue();
        if (evalRunId == null && open >= config.maxPerUser()) {
            throw new ApiException.TooManyRequests("You have " + open + " open sessions (at most " + config.maxPerUser()
                    + "); close one (DELETE its base URL) or wait until one is idle for " + config.idle().toSeconds() + " s.",
                    Math.max(1, config.idle().toSeconds()));
        }
        String runner = config.runnerUrls().get(0);
        long fewest = Long.MAX_VALUE;
        for (String url : config.runnerUrls()) {
            long n = ((Number) em.createNativeQuery("SELECT count(*) FROM hub.hosted_sessions WHERE runner_url = ?1 AND closed_at IS NULL")
                    .setParameter(1, url).getSingleResult()).longValue();
            if (n < fewest) {
                fewest = n;
                runner = url;
            }
        }
        em.createNativeQuery("""
                INSERT INTO hub.hosted_sessions (id, user_id, version_id, runner_url, expires_at, hub_eval_run_id)
                VALUES (?1, ?2, ?3, ?4, now() + make_interval(secs => ?5), ?6)""")
                .setParameter(1, id).setParameter(2, userId).setParameter(3, versionId).setParameter(4, runner)
                .setParameter(5, (double) config.lifetime().toSeconds()).setParameter(6, evalRunId).executeUpdate();
        return runner;
    }

    /**
     * Starts the session a hub-run evaluation drives (checks done by the caller; not counted in the user's open
     * sessions, no per-minute step limit).
     *
     * @param evalRunId the evaluation's id
     * @param wheelUrl where the runner downloads the version's wheel
     * @return the session's id
     * @throws IllegalStateException with a readable reason when the runner cannot start it
     */
    public String startForEvaluation(String evalRunId, long userId, long versionId, String wheelUrl, String owner) {
        String id = HexFormat.of().formatHex(random(16));
        String runner = QuarkusTransaction.requiringNew().call(() -> reserve(id, userId, versionId, evalRunId));
        try {
            launch(runner, id, wheelUrl, owner);
        } catch (RuntimeException e) {
            end(id, "start failed: " + e.getMessage());
            throw new IllegalStateException("the sandbox could not start the environment: " + e.getMessage(), e);
        }
        meters.counter("envhub.sessions.started").increment();
        return id;
    }

    /**
     * One reset, step or state of an evaluation's session.
     *
     * @throws IllegalStateException with a readable reason when the session ended or the environment refused
     */
    public JsonNode callForEvaluation(String id, String op, String body) {
        Open s = open(id);
        try {
            JsonNode answer = runners.call(s.runner(), id, op, body);
            touch(id, "step".equals(op));
            return answer;
        } catch (RunnerClient.SessionEnded e) {
            end(id, "process ended: " + e.getMessage());
            throw new IllegalStateException("the environment's sandboxed process ended: " + e.getMessage(), e);
        } catch (ApiException e) {
            throw new IllegalStateException("the environment refused " + op + ": " + e.getMessage(), e);
        }
    }

    /** Closes an evaluation's session (quietly when it is already over). */
    public void closeForEvaluation(String id) {
        try {
            close(id);
        } catch (ApiException e) {
            // already over
        }
    }

    /** Ends sessions idle or expired (the runner has reaped or will reap them). */
    private void closeStale(String where, Object value) {
        em.createNativeQuery("UPDATE hub.hosted_sessions SET closed_at = now(), end_reason = CASE WHEN expires_at <= now()"
                        + " THEN 'expired' ELSE 'idle' END WHERE " + where + " AND closed_at IS NULL AND (expires_at <= now()"
                        + " OR last_used_at <= now() - make_interval(secs => ?2))")
                .setParameter(1, value).setParameter(2, (double) config.idle().toSeconds()).executeUpdate();
    }

    /**
     * Forwards one OpenEnv request to the session's runner.
     *
     * @param id the session id
     * @param op reset, step or state
     * @param body the JSON body (null for state)
     * @return the environment's answer
     */
    public JsonNode call(String id, String op, String body) {
        Open s = open(id);
        if (!"state".equals(op)) {
            limiter.acquireKey("SESSION_STEP:u:" + s.userId(), config.stepsPerMinute(), java.time.Duration.ofMinutes(1));
        }
        long t0 = System.nanoTime();
        try {
            JsonNode answer = runners.call(s.runner(), id, op, body);
            if (!"state".equals(op)) {
                stepTimer.record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
                meters.counter("envhub.sessions.steps", "op", op).increment();
            }
            touch(id, !"state".equals(op));
            return answer;
        } catch (RunnerClient.SessionEnded e) {
            end(id, e.status == 503 ? "process ended: " + e.getMessage() : "gone on the runner");
            if (e.status == 503) {
                throw new ApiException.Unavailable(ProblemCode.SESSION_GONE, "The session's process ended ("
                        + e.getMessage() + "); start a new session.");
            }
            throw new ApiException.NotFound("Session " + id + " is over; start a new one.");
        } catch (ApiException e) {
            touch(id, false);
            throw e;
        }
    }

    /**
     * Says whether a session is open (OpenEnv's health).
     *
     * @param id the session id
     */
    public void requireOpen(String id) {
        open(id);
    }

    /**
     * Closes a session (idempotent for an open one; 404 when unknown or already over).
     *
     * @param id the session id
     */
    public void close(String id) {
        Open s = open(id);
        end(id, "closed");
        runners.close(s.runner(), id);
    }

    private Open open(String id) {
        if (id == null || !id.matches("[0-9a-f]{32}")) {
            throw new ApiException.NotFound("Session " + id + " does not exist.");
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            closeStale("id = ?1", id);
            Optional<Row> row = Row.first(em.createNativeQuery("SELECT id, user_id, runner_url FROM hub.hosted_sessions"
                    + " WHERE id = ?1 AND closed_at IS NULL", Tuple.class).setParameter(1, id));
            return row.map(r -> new Open(r.string("id"), r.longValue("user_id"), r.string("runner_url")))
                    .orElseThrow(() -> new ApiException.NotFound("Session " + id + " does not exist or is over."));
        });
    }

    private void touch(String id, boolean step) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.hosted_sessions SET last_used_at = now(),"
                + " steps = steps + ?2 WHERE id = ?1").setParameter(1, id).setParameter(2, step ? 1 : 0).executeUpdate());
    }

    private void end(String id, String reason) {
        String why = reason.length() > 300 ? reason.substring(0, 300) : reason;
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.hosted_sessions SET closed_at = now(),"
                + " end_reason = ?2 WHERE id = ?1 AND closed_at IS NULL").setParameter(1, id).setParameter(2, why).executeUpdate());
        meters.counter("envhub.sessions.ended").increment();
        LOG.infof("session %s ended: %s", id, why);
    }

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }
}
