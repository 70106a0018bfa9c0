package io.envhub.bounty.audit;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** A row of {@code bounty.audit_log}. */
@Entity
@Table(name = "audit_log")
public class AuditRecord extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    /** The bounty, or null for money not tied to one (a funding). */
    @Column(name = "bounty_id")
    public Long bountyId;

    public String entity;

    @Column(name = "entity_id")
    public long entityId;

    public String action;
    public String actor;

    @Column(name = "from_status")
    public String fromStatus;

    @Column(name = "to_status")
    public String toStatus;

    /** Why (admin actions), or null. */
    public String reason;

    /** The HTTP request that made the change (X-Request-Id, or made up), or null. */
    @Column(name = "request_id")
    public String requestId;

    @Column(name = "at", updatable = false)
    public OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC);
}
