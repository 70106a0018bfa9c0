package io.envhub.registry.evaluation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.format.hash.Sha256;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.Version;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.evaluation.EvalViews.Created;
import io.envhub.registry.security.RateLimiter;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.util.Locale;
import java.util.Map;

/**
 * Accepts a pushed run: checks who may push where (before the body is read), reads both parts in one pass
 * ({@link EvalMultipart}, {@link ResultsScanner}), checks the rows against the metadata, stores the files
 * content-addressed and writes the summary row (provenance {@code self-reported}).
 */
@ApplicationScoped
public class EvalService {
    /** How far the metadata's avg_reward may be from the mean of the rows' rewards. */
    static final double REWARD_TOLERANCE = 1e-6;

    private final EvalStore runs;
    private final EvalConfig config;
    private final RateLimiter limiter;
    private final ObjectMapper json;
    private final ResultsScanner scanner;

    public EvalService(EvalStore runs, EvalConfig config, RateLimiter limiter, ObjectMapper json) {
        this.runs = runs;
        this.config = config;
        this.limiter = limiter;
        this.json = json;
        this.scanner = new ResultsScanner(json, config);
    }

    public Created submit(String owner, String name, String version, String contentType, InputStream body) {
        EvalStore.Target target = runs.target(owner, name, version);
        limiter.acquire(RateLimiter.Action.PUSH);
        EvalMultipart.Parts parts = EvalMultipart.read(body, contentType, config.maxMetadataBytes(), scanner, config.pageSize());
        try {
            ResultsScanner.Scan scan = parts.results();
            EvalMetadata meta = parts.v1() ? V1Config.read(parts.metadata(), scan, json) : EvalMetadata.parse(parts.metadata(), json);
            check(target, meta, scan, parts.v1());
            EvalRun run = row(target, meta, scan, parts.metadata());
            run.format = parts.v1() ? EvalRun.V1 : EvalRun.V0;
            if (run.evalDate == null) {
                run.evalDate = parts.runDate();
            }
            long id = runs.insert(run, scan.file(), parts.metadata());
            return new Created(id, target.owner(), target.name(), target.version(), run.model, run.rewardMean, run.rewardStd,
                    run.numRollouts, run.provenance);
        } finally {
            ResultsScanner.deleteQuietly(parts.results().file());
        }
    }

    /**
     * Stores a run the hub ran itself ({@code hubeval}): a verifiers v0 run directory it wrote, read and checked like a
     * pushed one, with provenance {@code hub-run}.
     *
     * @param target where it goes (resolved while the starter's request was authorized)
     * @param metadata metadata.json
     * @param results results.jsonl
     * @return the evaluation run's id
     */
    public long recordHubRun(EvalStore.Target target, byte[] metadata, byte[] results) {
        ResultsScanner.Scan scan = scanner.scan(new java.io.ByteArrayInputStream(results), config.pageSize());
        try {
            EvalMetadata meta = EvalMetadata.parse(metadata, json);
            check(target, meta, scan, false);
            EvalRun run = row(target, meta, scan, metadata);
            run.provenance = EvalRun.HUB_RUN;
            run.format = EvalRun.V0;
            return runs.insert(run, scan.file(), metadata);
        } finally {
            ResultsScanner.deleteQuietly(scan.file());
        }
    }

    /**
     * The run is of this environment and version (the environment id it recorded: its name, and its owner when it names
     * one; the environment version it recorded, when it did), and the rows agree with the metadata: how many rollouts,
     * which examples, the mean reward.
     */
    private static void check(EvalStore.Target target, EvalMetadata meta, ResultsScanner.Scan scan, boolean v1) {
        String source = v1 ? "The run config's taskset id" : "metadata.json's env_id";
        if (meta.envId() != null && !meta.envId().isBlank()) {
            String id = meta.envId().strip();
            String taskset = id.substring(id.lastIndexOf('+') + 1); // a paired env (best-of-n+owner/name) runs that taskset
            String last = taskset.substring(taskset.lastIndexOf('/') + 1).replace('_', '-');
            String owner = taskset.contains("/") ? taskset.substring(0, taskset.lastIndexOf('/')) : null;
            if (!ProjectName.isValid(last) || !ProjectName.normalize(last).equals(ProjectName.normalize(target.name()))
                    || owner != null && !owner.equalsIgnoreCase(target.owner())) {
                throw new ApiException.Invalid(ProblemCode.ENV_MISMATCH, source + " is '" + id + "', but the run is pushed"
                        + " to " + target.owner() + "/" + target.name() + ": push it to the environment it ran.");
            }
        }
        if (meta.envVersion() != null && !sameVersion(meta.envVersion(), target.version())) {
            throw new ApiException.Conflict(ProblemCode.VERSION_MISMATCH, "The run recorded environment version "
                    + meta.envVersion() + " (" + (v1 ? "the run config's taskset id" : "metadata.json's version_info.env_version")
                    + "), but it is pushed to version " + target.version() + " of " + target.owner() + "/" + target.name()
                    + ": push it to version " + meta.envVersion() + ".");
        }
        if (v1) {
            return; // tasks and rollouts per task are read from the traces themselves (V1Config)
        }
        if (scan.rows() != meta.expectedRollouts()) {
            throw new ApiException.Invalid(ProblemCode.ROWS_MISMATCH, "results.jsonl holds " + scan.rows() + " rollouts; metadata.json "
                    + "announces num_examples × rollouts_per_example = " + meta.numExamples() + " × "
                    + meta.rolloutsPerExample() + " = " + meta.expectedRollouts() + ".");
        }
        if (scan.perExample().size() != meta.numExamples()) {
            throw new ApiException.Invalid(ProblemCode.EXAMPLE_IDS_MISMATCH, "results.jsonl has " + scan.perExample().size()
                    + " different example_id values; metadata.json says num_examples = " + meta.numExamples() + ".");
        }
        for (Map.Entry<String, Integer> e : scan.perExample().entrySet()) {
            if (e.getValue() != meta.rolloutsPerExample()) {
                throw new ApiException.Invalid(ProblemCode.EXAMPLE_IDS_MISMATCH, "example_id " + e.getKey() + " has " + e.getValue()
                        + " rollouts in results.jsonl; metadata.json says rollouts_per_example = "
                        + meta.rolloutsPerExample() + ".");
            }
        }
        if (meta.avgReward() != null
                && Math.abs(meta.avgReward() - scan.rewardMean()) > REWARD_TOLERANCE * Math.max(1, Math.abs(scan.rewardMean()))) {
            throw new ApiException.Invalid(ProblemCode.AVG_REWARD_MISMATCH, String.format(Locale.ROOT, "metadata.json says avg_reward "
                    + "= %s, but the mean reward of the %d rollouts in results.jsonl is %s.", meta.avgReward(), scan.rows(),
                    scan.rewardMean()));
        }
    }

    private static boolean sameVersion(String recorded, String target) {
        try {
            return Version.parse(recorded).identityKey().equals(Version.parse(target).identityKey());
        } catch (RuntimeException e) {
            return recorded.equals(target);
        }
    }

    private EvalRun row(EvalStore.Target target, EvalMetadata meta, ResultsScanner.Scan scan, byte[] metadata) {
        EvalRun run = new EvalRun();
        run.environmentId = target.environmentId();
        run.versionId = target.versionId();
        run.model = meta.model();
        run.provider = meta.provider();
        run.samplingArgs = write(meta.samplingArgs());
        run.numExamples = meta.numExamples();
        run.rolloutsPerExample = meta.rolloutsPerExample();
        run.numRollouts = (int) scan.rows();
        run.rewardMean = scan.rewardMean();
        run.rewardStd = scan.rewardStd();
        run.metricMeans = write(scan.metricMeans().isEmpty() ? meta.avgMetrics() : scan.metricMeans());
        run.passAtK = meta.passAtK() == null ? null : write(meta.passAtK());
        run.costMicroUsd = meta.costMicroUsd();
        run.evalDate = meta.date();
        run.durationMs = meta.durationMs();
        run.metadata = write(meta.raw());
        run.metadataKey = EvalRun.objectKeyFor(Sha256.hex(Sha256.digest(metadata)));
        run.resultsKey = EvalRun.objectKeyFor(scan.sha256());
        run.resultsSha256 = scan.sha256();
        run.resultsBytes = scan.bytes();
        run.pageSize = config.pageSize();
        run.pageOffsets = scan.pageOffsets().toArray(Long[]::new);
        run.submittedBy = target.submitter();
        return run;
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
