package io.envhub.registry.evaluation;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One evaluation run's summary row (V14); its files are in the object store under {@link #resultsKey} and {@link #metadataKey}. */
@Entity
@Table(name = "eval_runs")
public class EvalRun extends PanacheEntityBase {
    public static final String SELF_REPORTED = "self-reported";
    /** Checked by the hub (V14's other provenance). */
    public static final String VERIFIED = "verified";
    /** A run the hub ran itself: its sandbox, the caller's model endpoint, the environment's own rewards (V48). */
    public static final String HUB_RUN = io.envhub.contract.api.HubEvalRun.PROVENANCE;
    /** A verifiers v0 run directory: metadata.json + results.jsonl, one rollout per line (V47). */
    public static final String V0 = "verifiers-v0";
    /** A verifiers v1 run directory: configs/<cli>.json + traces.jsonl, one episode per line (V47). */
    public static final String V1 = "verifiers-v1";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "environment_id")
    public Long environmentId;

    @Column(name = "version_id")
    public Long versionId;

    public String model;

    public String provider;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "sampling_args")
    public String samplingArgs = "{}";

    @Column(name = "num_examples")
    public int numExamples;

    @Column(name = "rollouts_per_example")
    public int rolloutsPerExample;

    @Column(name = "num_rollouts")
    public int numRollouts;

    @Column(name = "reward_mean")
    public double rewardMean;

    @Column(name = "reward_std")
    public double rewardStd;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "metric_means")
    public String metricMeans = "{}";

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "pass_at_k")
    public String passAtK;

    @Column(name = "cost_micro_usd")
    public Long costMicroUsd;

    @Column(name = "eval_date")
    public String evalDate;

    @Column(name = "duration_ms")
    public Long durationMs;

    public String provenance = SELF_REPORTED;

    /** How the stored results read: {@link #V0} or {@link #V1}. */
    public String format = V0;

    @JdbcTypeCode(SqlTypes.JSON)
    public String metadata;

    @Column(name = "metadata_key")
    public String metadataKey;

    @Column(name = "results_key")
    public String resultsKey;

    @Column(name = "results_sha256")
    public String resultsSha256;

    @Column(name = "results_bytes")
    public long resultsBytes;

    @Column(name = "page_size")
    public int pageSize;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "page_offsets", columnDefinition = "bigint[]")
    public Long[] pageOffsets = new Long[0];

    @Column(name = "submitted_by")
    public Long submittedBy;

    @Column(name = "created_at", insertable = false, updatable = false)
    public OffsetDateTime createdAt;

    /** When an admin hid the run from every list of runs (V15), or null. */
    @Column(name = "hidden_at")
    public OffsetDateTime hiddenAt;

    /** Why it is hidden (shown on the run's page). */
    @Column(name = "hidden_reason")
    public String hiddenReason;

    /** The admin who hid it (kept for the admins; the audit log has the whole history). */
    @Column(name = "hidden_by")
    public String hiddenBy;

    /** The run as a report target and in the audit log: {@code owner/name/evals/<id>}. */
    public static String target(String owner, String name, long id) {
        return owner + "/" + name + "/evals/" + id;
    }

    /** Object key of content with this sha256: the artifacts' scheme under the {@code evals/} prefix. */
    public static String objectKeyFor(String sha256) {
        return "evals/sha256/" + sha256.substring(0, 2) + "/" + sha256;
    }
}
