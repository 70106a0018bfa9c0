package io.envhub.bounty.audit;

import io.envhub.kit.audit.RequestIds;
import io.envhub.bounty.access.Actor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.List;

/** Writes every state change in the transaction that makes it, and reads the log back for admins. */
@ApplicationScoped
public class AuditLog {
    private final RequestIds requestIds;

    public AuditLog(RequestIds requestIds) {
        this.requestIds = requestIds;
    }

    /** Records a change of {@code entity} #{@code entityId} of a bounty from {@code from} (null: created) to {@code to}. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void record(long bountyId, String entity, long entityId, String action, Actor actor, String from, String to) {
        AuditRecord r = new AuditRecord();
        r.bountyId = bountyId;
        r.entity = entity;
        r.entityId = entityId;
        r.action = action;
        r.actor = actor.username();
        r.fromStatus = from;
        r.toStatus = to;
        r.requestId = requestIds == null ? null : requestIds.current();
        r.persist();
    }

    /**
     * Records money an admin moved (issue 36, item 10): {@code entity} {@code funding} (a ledger transaction) or
     * {@code payout}, {@code bountyId} null when none; {@code reason} says what (amount, sponsor or payee, reference).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void recordMoney(Long bountyId, String entity, long entityId, String action, String actor, String from, String to,
                            String reason) {
        AuditRecord r = new AuditRecord();
        r.bountyId = bountyId;
        r.entity = entity;
        r.entityId = entityId;
        r.action = action;
        r.actor = actor;
        r.fromStatus = from;
        r.toStatus = to;
        r.reason = reason;
        r.requestId = requestIds == null ? null : requestIds.current();
        r.persist();
    }

    /** A bounty's log, oldest first. */
    public List<AuditEntry> of(long bountyId) {
        List<AuditRecord> rows = AuditRecord.list("bountyId = ?1 ORDER BY id", bountyId);
        return rows.stream().map(r -> new AuditEntry(r.id, r.bountyId, r.entity, r.entityId, r.action, r.actor, r.fromStatus,
                r.toStatus, r.at)).toList();
    }
}
