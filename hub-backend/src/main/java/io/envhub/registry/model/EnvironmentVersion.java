package io.envhub.registry.model;

import io.envhub.contract.VersionStatus;
import io.envhub.contract.api.Verdict;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.List;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One published version of an environment. Immutable once published, except status and yank state. */
@Entity
@Table(name = "versions")
public class EnvironmentVersion extends PanacheEntityBase {
    /** Validation states (the words of {@link VersionStatus}). */
    public static final String PENDING = VersionStatus.PENDING.wire();
    public static final String VALIDATING = VersionStatus.VALIDATING.wire();
    public static final String VALIDATED = VersionStatus.VALIDATED.wire();
    public static final String FAILED = VersionStatus.FAILED.wire();
    public static final String ERROR = VersionStatus.ERROR.wire();

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "environment_id")
    public Environment environment;

    /** Canonical PEP 440 version as published. */
    public String version;

    /** Identity key: equal for equal versions (1.0 and 1.0.0). */
    @Column(name = "version_key")
    public String versionKey;

    public String status = PENDING;

    public boolean yanked;

    @Column(name = "yank_reason")
    public String yankReason;

    public String summary;

    @Column(name = "requires_python")
    public String requiresPython;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(columnDefinition = "text[]")
    public String[] dependencies = new String[0];

    /** Core metadata fields as JSON (name to value or list of values). */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "core_metadata")
    public String coreMetadata = "{}";

    @Column(name = "created_by")
    public Long createdBy;

    @Column(name = "created_at", insertable = false, updatable = false)
    public OffsetDateTime createdAt;

    /** The verdict (V11), written with the status by {@link VersionVerdicts} only; read here. */
    @Column(name = "trust_status", insertable = false, updatable = false)
    public String trustStatus;

    @Column(name = "runtime_verified", insertable = false, updatable = false)
    public Boolean runtimeVerified;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "trust_flags", insertable = false, updatable = false)
    public String trustFlags;

    @Column(name = "status_reason", insertable = false, updatable = false)
    public String statusReason;

    /** Quarantine by an admin (V12): out of the index, downloads answer 451 with this reason; null when not quarantined. */
    @Column(name = "quarantine_reason")
    public String quarantineReason;

    @Column(name = "quarantined_at")
    public OffsetDateTime quarantinedAt;

    @Column(name = "quarantined_by")
    public String quarantinedBy;

    /** Quarantined automatically as the first publication of a new account, until an admin lifts it. */
    @Column(name = "held_for_review")
    public boolean heldForReview;

    /** Whether an admin quarantined this version. */
    public boolean isQuarantined() {
        return quarantinedAt != null;
    }

    /** The version's verdict as stored. */
    public Verdict verdict() {
        Verdict v = VersionVerdicts.fromColumns(trustStatus, runtimeVerified, trustFlags, statusReason);
        return v != null ? v : TrustVerdict.verdict(TrustVerdict.VALIDATING, false, java.util.List.of(), null);
    }

    /** All versions of an environment, in no particular order. */
    public static List<EnvironmentVersion> of(Environment environment) {
        return list("environment", environment);
    }
}
