package io.envhub.bounty.submission;

import io.envhub.contract.bounty.SubmissionStatus;
import io.envhub.bounty.persistence.RowLocks;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

/** A submission of an environment version to a bounty (table {@code bounty.submissions}). */
@Entity
@Table(name = "submissions")
public class Submission extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "bounty_id")
    public long bountyId;

    @Column(name = "submitter_subject")
    public String submitterSubject;

    @Column(name = "submitter_username")
    public String submitterUsername;

    public String status = SubmissionStatus.SUBMITTED.wire();

    @Column(name = "created_at", updatable = false)
    public OffsetDateTime createdAt = OffsetDateTime.now(ZoneOffset.UTC);

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;

    @Column(name = "approved_at")
    public OffsetDateTime approvedAt;

    /** The submission with its row locked until the transaction ends. */
    public static Optional<Submission> lockedById(long id) {
        return RowLocks.lockedById(Submission.class, id);
    }
}
