package io.envhub.bounty.payout;

import io.envhub.bounty.persistence.RowLocks;
import io.envhub.contract.bounty.PayoutStatus;
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

/** A payout of one approved submission (table {@code bounty.payouts}). */
@Entity
@Table(name = "payouts")
public class Payout extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "submission_id")
    public long submissionId;

    @Column(name = "bounty_id")
    public long bountyId;

    @Column(name = "payee_subject")
    public String payeeSubject;

    @Column(name = "payee_username")
    public String payeeUsername;

    @Column(name = "amount_minor")
    public long amountMinor;

    public String currency;

    @Column(name = "idempotency_key")
    public String idempotencyKey;

    public int attempt = 1;

    public String status = PayoutStatus.PENDING.wire();

    public String provider;

    @Column(name = "provider_reference")
    public String providerReference;

    @Column(name = "external_reference")
    public String externalReference;

    public String failure;

    @Column(name = "lease_owner")
    public String leaseOwner;

    @Column(name = "lease_until")
    public OffsetDateTime leaseUntil;

    @Column(name = "created_at", updatable = false)
    public OffsetDateTime createdAt = now();

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt = createdAt;

    @Column(name = "sent_at")
    public OffsetDateTime sentAt;

    @Column(name = "confirmed_at")
    public OffsetDateTime confirmedAt;

    @Column(name = "failed_at")
    public OffsetDateTime failedAt;

    @Column(name = "confirmed_by")
    public String confirmedBy;

    /** The payout with its row locked until the transaction ends. */
    public static Optional<Payout> lockedById(long id) {
        return RowLocks.lockedById(Payout.class, id);
    }

    /** The key the provider is called with for the current attempt: the same on every repeat of one attempt. */
    public String attemptKey() {
        return idempotencyKey + ":" + attempt;
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
