package io.envhub.bounty.application;

import io.envhub.contract.bounty.ApplicationStatus;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** An application to an application-only bounty (table {@code bounty.applications}). */
@Entity
@Table(name = "applications")
public class Application extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "bounty_id")
    public long bountyId;

    @Column(name = "applicant_subject")
    public String applicantSubject;

    @Column(name = "applicant_username")
    public String applicantUsername;

    public String proposal;
    public String status = ApplicationStatus.PENDING.wire();

    @Column(name = "decision_comment")
    public String decisionComment;

    @Column(name = "decided_by")
    public String decidedBy;

    @Column(name = "created_at", updatable = false)
    public OffsetDateTime createdAt = OffsetDateTime.now(ZoneOffset.UTC);

    @Column(name = "decided_at")
    public OffsetDateTime decidedAt;

    /** Whether {@code subject} holds an accepted application to the bounty. */
    public static boolean accepted(long bountyId, String subject) {
        return count("bountyId = ?1 AND applicantSubject = ?2 AND status = 'accepted'", bountyId, subject) > 0;
    }
}
