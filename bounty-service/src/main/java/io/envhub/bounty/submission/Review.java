package io.envhub.bounty.submission;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** A review of one submitted version (table {@code bounty.reviews}) with its checklist; never edited. */
@Entity
@Table(name = "reviews")
public class Review extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "submission_id")
    public long submissionId;

    @Column(name = "submission_version_id")
    public long submissionVersionId;

    @Column(name = "reviewer_subject")
    public String reviewerSubject;

    @Column(name = "reviewer_username")
    public String reviewerUsername;

    public String decision;
    public String comment = "";

    @Column(name = "created_at", updatable = false)
    public OffsetDateTime createdAt = OffsetDateTime.now(ZoneOffset.UTC);

    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "review_checklist", joinColumns = @JoinColumn(name = "review_id"))
    @OrderColumn(name = "position")
    public List<Tick> checklist = new ArrayList<>();

    /** One checklist line: the criterion as it read when reviewed, and whether it was met. */
    @Embeddable
    public static class Tick {
        public String criterion;
        public boolean met;

        public Tick() {
        }

        public Tick(String criterion, boolean met) {
            this.criterion = criterion;
            this.met = met;
        }
    }

    /** A submission's reviews, oldest first. */
    public static List<Review> of(long submissionId) {
        return list("submissionId = ?1 ORDER BY id", submissionId);
    }
}
