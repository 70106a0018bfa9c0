package io.envhub.registry.hubeval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.registry.download.PresignedUrls;
import io.envhub.registry.evaluation.EvalService;
import io.envhub.registry.evaluation.EvalStore;
import io.envhub.registry.session.SessionService;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Runs one hub-run evaluation on a worker thread: one hosted session in the session runner's sandbox (no network),
 * and for each example and rollout a reset (seed = the example's index), chat completions from the caller's endpoint
 * called here (outside the sandbox), each reply handed in with a step, until the environment's step answer says done
 * and gives the reward. Progress is written after every rollout; a cancel (the row no longer running) stops before
 * the next one. The end is a verifiers v0 run directory stored as an evaluation run with provenance {@code hub-run}.
 * No message of a failure carries the key.
 */
@ApplicationScoped
public class HubEvalRunner {
    private static final Logger LOG = Logger.getLogger(HubEvalRunner.class);

    /** A run in memory: the only place its API key lives. */
    record Job(String id, URI base, String model, String key, Map<String, Object> sampling, int examples, int rollouts,
               EvalStore.Target target, String objectKey, String filename, long userId) {
        @Override
        public String toString() {
            return "Job[" + id + "]";
        }
    }

    /** The environment ended a rollout. */
    private record Outcome(ArrayNode prompt, ArrayNode completion, double reward, boolean finished) {
    }

    private final SessionService sessions;
    private final PresignedUrls presigned;
    private final ModelClient model;
    private final HubEvalStore store;
    private final EvalService evals;
    private final HubEvalConfig config;
    private final ObjectMapper json;

    public HubEvalRunner(SessionService sessions, PresignedUrls presigned, ModelClient model, HubEvalStore store,
                         EvalService evals, HubEvalConfig config, ObjectMapper json) {
        this.sessions = sessions;
        this.presigned = presigned;
        this.model = model;
        this.store = store;
        this.evals = evals;
        this.config = config;
        this.json = json;
    }

    void run(Job job) {
        String session = null;
        try {
            if (!store.markRunning(job.id())) {
                return; // cancelled while queued
            }
            long t0 = System.currentTimeMillis();
            session = sessions.startForEvaluation(job.id(), job.userId(), job.target().versionId(),
                    presigned.get(job.objectKey(), job.filename()), job.target().owner());
            int tasks = sessions.callForEvaluation(session, "state", null).path("tasks").asInt(job.examples());
            int examples = Math.min(job.examples(), Math.max(1, tasks));
            if (examples < job.examples()) {
                store.resize(job.id(), examples, examples * job.rollouts());
            }
            ByteArrayOutputStream results = new ByteArrayOutputStream();
            double sum = 0;
            int done = 0;
            for (int i = 0; i < examples; i++) {
                for (int k = 0; k < job.rollouts(); k++) {
                    if (!store.running(job.id())) {
                        return; // cancelled
                    }
                    Outcome o = rollout(job, session, i, k);
                    ObjectNode row = json.createObjectNode();
                    row.put("example_id", i);
                    row.set("prompt", o.prompt());
                    row.set("completion", o.completion());
                    row.put("reward", o.reward());
                    row.putObject("info").put("rollout", k).put("finished", o.finished());
                    results.writeBytes((row.toString() + "\n").getBytes(StandardCharsets.UTF_8));
                    sum += o.reward();
                    done++;
                    if (!store.progress(job.id(), done, sum)) {
                        return; // cancelled meanwhile
                    }
                }
            }
            ObjectNode meta = json.createObjectNode();
            meta.put("env_id", job.target().owner() + "/" + job.target().name());
            meta.put("model", job.model());
            meta.put("num_examples", examples);
            meta.put("rollouts_per_example", job.rollouts());
            meta.set("sampling_args", json.valueToTree(job.sampling()));
            meta.put("avg_reward", sum / done);
            meta.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
            meta.put("time_ms", System.currentTimeMillis() - t0);
            meta.putObject("version_info").put("env_version", job.target().version());
            meta.putObject("hub_run").put("id", job.id()).put("endpoint", EndpointGuard.origin(job.base()));
            long evalRunId = evals.recordHubRun(job.target(), meta.toString().getBytes(StandardCharsets.UTF_8),
                    results.toByteArray());
            store.finish(job.id(), evalRunId);
            LOG.infof("hub-run evaluation %s finished: %d rollouts, mean reward %.4f, evaluation run %d", job.id(), done,
                    sum / done, evalRunId);
        } catch (ModelClient.ModelFailure e) {
            end(job, e.getMessage());
        } catch (RuntimeException e) {
            end(job, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        } finally {
            if (session != null) {
                sessions.closeForEvaluation(session);
            }
        }
    }

    private void end(Job job, String why) {
        String message = ModelClient.scrub(why, job.key());
        if (store.fail(job.id(), message)) {
            LOG.infof("hub-run evaluation %s failed: %s", job.id(), message);
        } else {
            LOG.infof("hub-run evaluation %s stopped (it had been cancelled)", job.id());
        }
    }

    /** One rollout: reset to example {@code index}, then model turns handed in by steps until the environment is done. */
    private Outcome rollout(Job job, String session, int index, int k) {
        ObjectNode reset = json.createObjectNode().put("seed", index).put("episode_id", job.id() + "-" + index + "-" + k);
        JsonNode first = sessions.callForEvaluation(session, "reset", reset.toString());
        ArrayNode messages = json.createArrayNode();
        for (JsonNode m : first.path("observation").path("messages")) {
            messages.add(m.deepCopy());
        }
        if (messages.isEmpty()) {
            throw new IllegalStateException("the environment's reset gave no prompt messages for example " + index);
        }
        ArrayNode prompt = messages.deepCopy();
        ArrayNode completion = json.createArrayNode();
        for (int turn = 0; turn < config.maxTurns(); turn++) {
            ObjectNode reply = model.complete(job.base(), job.model(), job.key(), job.sampling(), messages.deepCopy());
            messages.add(reply);
            completion.add(reply);
            ObjectNode action = json.createObjectNode();
            if (reply.has("tool_calls")) {
                action.putObject("action").putArray("messages").add(reply);
            } else {
                action.putObject("action").put("message", reply.path("content").asText());
            }
            JsonNode step = sessions.callForEvaluation(session, "step", action.toString());
            if (step.path("done").asBoolean()) {
                return new Outcome(prompt, completion, step.path("reward").isNumber() ? step.path("reward").asDouble() : 0, true);
            }
            for (JsonNode m : step.path("observation").path("messages")) {
                messages.add(m.deepCopy());
                completion.add(m.deepCopy());
            }
        }
        return new Outcome(prompt, completion, 0, false); // the environment never ended it: no reward
    }
}
