package io.envhub.registry.validation;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** A queued validation of one version; created in the same transaction as the version. */
@Entity
@Table(name = "validation_jobs")
public class ValidationJob extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "version_id")
    public Long versionId;

    /** queued, running, done or error. */
    public String state = "queued";

    public int attempts;

    @Column(name = "lease_owner")
    public String leaseOwner;

    @Column(name = "lease_expires_at")
    public OffsetDateTime leaseExpiresAt;

    @Column(name = "last_error")
    public String lastError;

    @Column(name = "created_at", insertable = false, updatable = false)
    public OffsetDateTime createdAt;

    @Column(name = "updated_at", insertable = false)
    public OffsetDateTime updatedAt;

    /** A new queued job for a version. */
    public static ValidationJob queue(long versionId) {
        ValidationJob job = new ValidationJob();
        job.versionId = versionId;
        return job;
    }
}
