package io.envhub.registry.validation;

import io.envhub.contract.api.Verdict;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.report.TrustFinding;
import io.envhub.registry.benchmark.BenchmarkScan;
import io.envhub.registry.benchmark.HubFindings;
import io.envhub.registry.benchmark.PreviewRow;
import io.envhub.format.fingerprint.Fingerprint;
import io.envhub.format.hash.Sha256;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.validation.ValidationViews.Outcome;
import io.envhub.registry.model.EnvironmentVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import io.envhub.registry.persistence.RetryOnDeadlock;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Records a validation result once: only the worker holding a running job's lease may complete it; a repeat of the
 * same result by the same worker is answered as before without changing anything. The stored report gets
 * {@code trust.contamination} ({@link ContaminationScan}) and the hub's contamination findings in {@code trust.findings}
 * (other environments, reference benchmarks: {@link HubFindings}), and the version becomes validated or failed.
 */
@ApplicationScoped
public class ValidationResults {
    private static final Set<String> VERDICTS = Set.of(EnvironmentVersion.VALIDATED, EnvironmentVersion.FAILED);

    private final EntityManager em;
    private final ObjectMapper json;
    private final ValidationQueue queue;
    private final ContaminationScan contamination;
    private final ValidationConfig config;
    private final Event<ValidationMetrics.Finished> finished;
    private final ContaminationFilter readerFilter;
    private final BenchmarkScan benchmarks;

    public ValidationResults(EntityManager em, ObjectMapper json, ValidationQueue queue, ContaminationScan contamination,
                             ValidationConfig config, Event<ValidationMetrics.Finished> finished,
                             ContaminationFilter readerFilter, BenchmarkScan benchmarks) {
        this.benchmarks = benchmarks;
        this.finished = finished;
        this.readerFilter = readerFilter;
        this.em = em;
        this.json = json;
        this.queue = queue;
        this.contamination = contamination;
        this.config = config;
    }

    /** Records {@code report} for job {@code jobId}, posted by {@code worker}. */
    @Transactional
    @RetryOnDeadlock
    public Outcome record(long jobId, String worker, JsonNode report) {
        if (report == null || !report.isObject()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REPORT, "The body needs a report object.");
        }
        String status = report.path("status").asText("");
        if (!VERDICTS.contains(status)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REPORT, "report.status must be validated or failed, not '" + status + "'.");
        }
        String submitted = sha256(report);
        ValidationQueue.LockedJob job = queue.lockJob(jobId);
        long versionId = job.versionId();
        int attempts = job.attempts();
        if (ValidationQueue.DONE.equals(job.state())) {
            Optional<Row> prior = Row.first(em.createNativeQuery("SELECT worker, submitted_sha256, status"
                    + " FROM hub.validation_reports WHERE job_id = ?1", Tuple.class).setParameter(1, jobId));
            if (prior.isPresent()) {
                Row p = prior.get();
                if (worker.equals(p.string("worker")) && submitted.equals(p.string("submitted_sha256"))) {
                    return new Outcome(jobId, ValidationQueue.DONE, attempts, p.string("status"));
                }
            }
            throw new ApiException.Conflict(ProblemCode.ALREADY_RECORDED, "Job " + jobId + " already has its result.");
        }
        if (!ValidationQueue.RUNNING.equals(job.state()) || !worker.equals(job.leaseOwner())) {
            throw ValidationQueue.leaseLost(jobId, worker);
        }
        ObjectNode stored = report.deepCopy();
        Fingerprint fingerprint = fingerprint(report.get("fingerprint"));
        if (fingerprint != null) {
            JsonNode trust = stored.get("trust");
            ObjectNode trustNode = trust instanceof ObjectNode t ? t : stored.putObject("trust");
            List<ContaminationScan.Match> overlaps = contamination.scan(versionId, fingerprint, config.contaminationThreshold());
            trustNode.set("contamination", json.valueToTree(overlaps));
            TrustFinding others = HubFindings.environmentOverlap(overlaps.stream().map(ContaminationScan.Match::overlap).toList());
            HubFindings.replace(stored, HubFindings.ENVIRONMENT_OVERLAP, others == null ? List.of() : List.of(others), json);
            HubFindings.replace(stored, HubFindings.BENCHMARK_OVERLAP,
                    benchmarks.scan(fingerprint, PreviewRow.of(report)).stream().map(HubFindings::benchmarkOverlap).toList(), json);
        }
        em.createNativeQuery("INSERT INTO hub.validation_reports (version_id, job_id, status, report, fingerprint, worker,"
                        + " submitted_sha256) VALUES (?1, ?2, ?3, CAST(?4 AS jsonb), CAST(?5 AS jsonb), ?6, ?7)"
                        + " ON CONFLICT (version_id) DO UPDATE SET job_id = EXCLUDED.job_id, status = EXCLUDED.status,"
                        + " report = EXCLUDED.report, fingerprint = EXCLUDED.fingerprint, worker = EXCLUDED.worker,"
                        + " submitted_sha256 = EXCLUDED.submitted_sha256, created_at = now()")
                .setParameter(1, versionId).setParameter(2, jobId).setParameter(3, status).setParameter(4, write(stored))
                .setParameter(5, fingerprint == null ? null : write(report.get("fingerprint"))).setParameter(6, worker)
                .setParameter(7, submitted).executeUpdate();
        TaskTags.apply(em, versionId, report);
        Double seconds = queue.secondsSinceClaim(jobId);
        queue.finish(jobId, versionId, ValidationQueue.DONE, null);
        Verdict verdict = queue.setVersionStatus(versionId, status);
        finished.fire(new ValidationMetrics.Finished(verdict.trustStatus(), seconds));
        return new Outcome(jobId, ValidationQueue.DONE, attempts, status);
    }

    /**
     * The stored report of a version, if it has one, as the caller may see it: contamination entries naming
     * environments the caller cannot read are left out ({@link ContaminationFilter}).
     */
    @Transactional
    public Optional<JsonNode> report(long versionId) {
        return storedReport(versionId).map(readerFilter::forReader);
    }

    private Optional<JsonNode> storedReport(long versionId) {
        List<?> rows = em.createNativeQuery("SELECT CAST(report AS text) FROM hub.validation_reports WHERE version_id = ?1")
                .setParameter(1, versionId).getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(json.readTree((String) rows.get(0)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored report of version " + versionId + " is unreadable", e);
        }
    }

    private Fingerprint fingerprint(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        try {
            Fingerprint f = json.treeToValue(node, Fingerprint.class);
            f.decodeRows(); // checks the algorithm and the row data's length
            return f;
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new ApiException.Invalid(ProblemCode.INVALID_FINGERPRINT, "report.fingerprint is not a readable fingerprint.");
        }
    }

    private String write(JsonNode node) {
        try {
            return json.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private String sha256(JsonNode node) {
        return Sha256.hex(Sha256.digest(write(node).getBytes(StandardCharsets.UTF_8)));
    }
}
