package io.envhub.bounty.ledger;

import io.envhub.kit.persistence.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * Posts balanced transactions and reads balances. Every posting joins the caller's transaction (the status change it
 * belongs to); the database refuses an unbalanced transaction at commit and any change to posted rows.
 */
@ApplicationScoped
public class Ledger {
    /** One entry: {@code amountMinor} added to (positive) or taken from (negative) {@code account}. */
    public record Leg(String account, long amountMinor) {
    }

    /** What a transaction is about: kind, who, external or internal reference, and its bounty/submission if any. */
    public record Posting(String kind, String actor, String reference, Long bountyId, Long submissionId, String memo) {
    }

    private final EntityManager em;

    public Ledger(EntityManager em) {
        this.em = em;
    }

    /** Posts {@code legs} (all in {@code currency}, zero legs left out) as one transaction; returns its id. */
    @Transactional(Transactional.TxType.MANDATORY)
    public long post(Posting p, String currency, List<Leg> legs) {
        long tx = ((Number) em.createNativeQuery("""
                INSERT INTO bounty.ledger_transactions (kind, actor, reference, bounty_id, submission_id, memo)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id
                """).setParameter(1, p.kind()).setParameter(2, p.actor()).setParameter(3, p.reference())
                .setParameter(4, p.bountyId()).setParameter(5, p.submissionId()).setParameter(6, p.memo())
                .getSingleResult()).longValue();
        for (Leg leg : legs) {
            if (leg.amountMinor() == 0) {
                continue;
            }
            em.createNativeQuery("INSERT INTO bounty.ledger_entries (transaction_id, account_id, currency, amount_minor) "
                            + "VALUES (?1, ?2, ?3, ?4)").setParameter(1, tx).setParameter(2, account(leg.account(), currency))
                    .setParameter(3, currency).setParameter(4, leg.amountMinor()).executeUpdate();
        }
        return tx;
    }

    /** The account's id, created on first use. */
    @Transactional(Transactional.TxType.MANDATORY)
    public long account(String name, String currency) {
        em.createNativeQuery("INSERT INTO bounty.ledger_accounts (name, currency, no_overdraft) VALUES (?1, ?2, ?3) "
                + "ON CONFLICT (name, currency) DO NOTHING").setParameter(1, name).setParameter(2, currency)
                .setParameter(3, Accounts.noOverdraft(name)).executeUpdate();
        return ((Number) em.createNativeQuery("SELECT id FROM bounty.ledger_accounts WHERE name = ?1 AND currency = ?2")
                .setParameter(1, name).setParameter(2, currency).getSingleResult()).longValue();
    }

    /**
     * The account's balance with the account row locked until the transaction ends: whoever takes money out of an
     * account locks it first, so two withdrawals never both see the same balance.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public long lockedBalance(String name, String currency) {
        long id = account(name, currency);
        em.createNativeQuery("SELECT id FROM bounty.ledger_accounts WHERE id = ?1 FOR NO KEY UPDATE").setParameter(1, id)
                .getResultList();
        return balance(name, currency);
    }

    /** The account's balance (0 for an account never used). */
    public long balance(String name, String currency) {
        return ((Number) em.createNativeQuery("""
                SELECT COALESCE(sum(e.amount_minor), 0) FROM bounty.ledger_entries e
                  JOIN bounty.ledger_accounts a ON a.id = e.account_id WHERE a.name = ?1 AND a.currency = ?2
                """).setParameter(1, name).setParameter(2, currency).getSingleResult()).longValue();
    }

    /** An account's balance in one currency. */
    public record Balance(String currency, long balanceMinor) {
    }

    /** Balances of an account name in every currency it has, ordered by currency. */
    public List<Balance> balances(String name) {
        return Row.list(em.createNativeQuery("""
                SELECT a.currency, COALESCE(sum(e.amount_minor), 0) AS balance FROM bounty.ledger_accounts a
                  LEFT JOIN bounty.ledger_entries e ON e.account_id = a.id WHERE a.name = ?1
                 GROUP BY a.currency ORDER BY a.currency
                """, Tuple.class).setParameter(1, name)).stream()
                .map(r -> new Balance(r.string("currency"), r.longValue("balance"))).toList();
    }
}
