package io.envhub.registry.hubeval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.api.HubEvalRequest;
import io.envhub.contract.api.HubEvalRun;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.evaluation.EvalStore;
import io.envhub.registry.gate.GateGuard;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.version.VersionService;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * Hub-run evaluations: checks a start (the same rules as pushing a run, plus those of a hosted session and the
 * endpoint allowlist), writes the queued row and hands the run to this instance's workers ({@link HubEvalRunner}).
 * The API key lives only in the {@link HubEvalRunner.Job} in memory, for the run. A run's row is seen by its starter
 * and admins (404 to others). Runs whose instance stopped are marked failed ("interrupted") on startup and by a
 * periodic sweep, so none stays running forever.
 */
@ApplicationScoped
public class HubEvalService {
    private static final Logger LOG = Logger.getLogger(HubEvalService.class);
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Sampling arguments passed on to the endpoint; others are refused (400). */
    static final Set<String> SAMPLING = Set.of("temperature", "top_p", "top_k", "min_p", "max_tokens", "max_completion_tokens",
            "seed", "stop", "presence_penalty", "frequency_penalty", "repetition_penalty");
    static final int DEFAULT_EXAMPLES = 5;

    private final VersionService versions;
    private final EvalStore evals;
    private final GateGuard gate;
    private final AccessPolicy access;
    private final Caller caller;
    private final EndpointGuard guard;
    private final HubEvalStore store;
    private final HubEvalRunner runner;
    private final HubEvalConfig config;
    private final ObjectMapper json;
    private final Map<String, Future<?>> running = new ConcurrentHashMap<>();
    private final ExecutorService pool;

    public HubEvalService(VersionService versions, EvalStore evals, GateGuard gate, AccessPolicy access, Caller caller,
                          EndpointGuard guard, HubEvalStore store, HubEvalRunner runner, HubEvalConfig config, ObjectMapper json) {
        this.versions = versions;
        this.evals = evals;
        this.gate = gate;
        this.access = access;
        this.caller = caller;
        this.guard = guard;
        this.store = store;
        this.runner = runner;
        this.config = config;
        this.json = json;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(Math.max(1, config.workers()), r -> {
            Thread t = new Thread(r, "hub-eval-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts a run for the signed-in caller; answers its id, queued. */
    public HubEvalRun start(String owner, String name, String version, HubEvalRequest req) {
        Owner user = access.requireSignedIn();
        EvalStore.Target target = evals.target(owner, name, version); // signed in, readable, publish scope, runtime-verified
        VersionService.Found found = versions.find(owner, name, version);
        gate.requireFileAccess(found.environment());
        EnvironmentVersion v = found.version();
        String label = target.owner() + "/" + target.name() + " " + v.version;
        if (v.isQuarantined() || v.yanked) {
            throw new ApiException.Conflict(ProblemCode.VERSION_NOT_RUNNABLE, label + " is " + (v.yanked ? "yanked" : "quarantined")
                    + ": it cannot be run.");
        }
        if (found.artifact() == null) {
            throw new ApiException.NotFound("Version " + v.version + " has no file to run.");
        }
        if (req == null) {
            throw invalid("Send a JSON body: baseUrl, model, apiKey, examples, rolloutsPerExample, sampling.");
        }
        URI base = guard.check(req.baseUrl());
        String model = req.model() == null ? "" : req.model().strip();
        if (model.isEmpty() || model.length() > 200 || model.chars().anyMatch(Character::isISOControl)) {
            throw invalid("'model' is required: the model's name at the endpoint (at most 200 characters).");
        }
        String key = req.apiKey();
        if (key != null && (key.length() > 4096 || key.chars().anyMatch(c -> c < 0x20 || c > 0x7e))) {
            throw invalid("'apiKey' must be printable ASCII of at most 4096 characters."); // never quoted
        }
        int examples = req.examples() == null ? DEFAULT_EXAMPLES : req.examples();
        int rollouts = req.rolloutsPerExample() == null ? 1 : req.rolloutsPerExample();
        if (examples < 1 || rollouts < 1) {
            throw invalid("'examples' and 'rolloutsPerExample' must be at least 1.");
        }
        if ((long) examples * rollouts > config.maxRollouts()) {
            throw invalid("examples × rolloutsPerExample = " + ((long) examples * rollouts) + " rollouts; a hub-run evaluation"
                    + " has at most " + config.maxRollouts() + " (ENVHUB_EVAL_HUB_RUN_MAX_ROLLOUTS).");
        }
        Map<String, Object> sampling = new LinkedHashMap<>(req.sampling() == null ? Map.of() : req.sampling());
        for (String k : sampling.keySet()) {
            if (!SAMPLING.contains(k)) {
                throw invalid("Unknown sampling argument '" + k + "'; allowed: "
                        + String.join(", ", new java.util.TreeSet<>(SAMPLING)) + ".");
            }
        }
        String samplingJson;
        try {
            samplingJson = json.writeValueAsString(sampling);
        } catch (JsonProcessingException e) {
            throw invalid("'sampling' must be a JSON object of numbers and strings.");
        }
        String id = HexFormat.of().formatHex(random());
        store.insert(id, user.id, target.environmentId(), target.versionId(), model, EndpointGuard.origin(base), samplingJson,
                examples, rollouts, config.maxPerUser());
        HubEvalRunner.Job job = new HubEvalRunner.Job(id, base, model, key, sampling, examples, rollouts, target,
                found.artifact().objectKey, found.artifact().filename, user.id);
        running.put(id, pool.submit(() -> {
            try {
                runner.run(job);
            } finally {
                running.remove(id);
            }
        }));
        LOG.infof("hub-run evaluation %s of %s queued: model %s at %s, %d × %d rollouts", id, label, model,
                EndpointGuard.origin(base), examples, rollouts);
        return HubEvalRun.queued(id);
    }

    /** A run, for its starter or an admin (404 to others and for a run of another environment). */
    public HubEvalRun get(String owner, String name, String version, String id) {
        return visible(owner, name, version, id).view();
    }

    /** Cancels a run: no further rollout starts; an ended run is answered as it is. */
    public HubEvalRun cancel(String owner, String name, String version, String id) {
        visible(owner, name, version, id);
        if (store.cancel(id)) {
            Future<?> f = running.get(id);
            if (f != null) {
                f.cancel(true); // stops a model call in flight
            }
            LOG.infof("hub-run evaluation %s cancelled", id);
        }
        return store.find(id).orElseThrow().view();
    }

    private HubEvalStore.Found visible(String owner, String name, String version, String id) {
        Owner user = access.requireSignedIn();
        VersionService.Found found = versions.find(owner, name, version);
        HubEvalStore.Found run = store.find(id).filter(r -> r.environmentId() == found.environment().id)
                .filter(r -> r.userId() == user.id || caller.isAdmin())
                .orElseThrow(() -> new ApiException.NotFound("Hub-run evaluation " + id + " of " + owner + "/" + name
                        + " does not exist."));
        return run;
    }

    /**
     * On startup, runs whose heartbeat stopped three beats ago are over: their instance (maybe this one, before a
     * restart) held their keys and is gone. Live instances renew theirs every 5 s.
     */
    void onStart(@Observes StartupEvent event) {
        int n = store.sweepInterrupted(java.time.Duration.ofSeconds(15));
        if (n > 0) {
            LOG.infof("%d hub-run evaluation(s) were interrupted by a restart: marked failed", n);
        }
    }

    /** Renews the heartbeat of this instance's runs and marks runs of stopped instances failed. */
    @Scheduled(every = "5s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP, delayed = "5s")
    void heartbeat() {
        store.heartbeat(running.keySet());
        int n = store.sweepInterrupted(config.staleAfter());
        if (n > 0) {
            LOG.infof("%d hub-run evaluation(s) whose instance stopped: marked failed (interrupted)", n);
        }
    }

    /** A graceful stop fails this instance's runs at once (their keys go with the process). */
    @PreDestroy
    void stop() {
        for (String id : running.keySet()) {
            store.fail(id, "interrupted: hub-backend stopped during the run; start the evaluation again");
        }
        pool.shutdownNow();
    }

    private static ApiException invalid(String detail) {
        return new ApiException.Invalid(ProblemCode.INVALID_REQUEST, detail);
    }

    private static byte[] random() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return b;
    }
}
