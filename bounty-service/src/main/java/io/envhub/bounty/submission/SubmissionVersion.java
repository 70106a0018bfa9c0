package io.envhub.bounty.submission;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** One submitted version of a submission (table {@code bounty.submission_versions}); the history is kept. */
@Entity
@Table(name = "submission_versions")
public class SubmissionVersion extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "submission_id")
    public long submissionId;

    public int number;
    public String environment;
    public String version;
    public String sha256;

    @Column(name = "submitted_at", updatable = false)
    public OffsetDateTime submittedAt = OffsetDateTime.now(ZoneOffset.UTC);

    /** The hub-run evaluation the sponsor asked hub-backend for on this version (issue 33), or null. */
    @Column(name = "hub_eval_run_id")
    public String hubEvalRunId;

    /** Who asked for it (username). */
    @Column(name = "hub_eval_requested_by")
    public String hubEvalRequestedBy;

    @Column(name = "hub_eval_requested_at")
    public OffsetDateTime hubEvalRequestedAt;

    /** A submission's versions, oldest first. */
    public static List<SubmissionVersion> of(long submissionId) {
        return list("submissionId = ?1 ORDER BY number", submissionId);
    }

    /** A submission's current (latest) version. */
    public static SubmissionVersion latest(long submissionId) {
        return find("submissionId = ?1 ORDER BY number DESC", submissionId).firstResult();
    }
}
