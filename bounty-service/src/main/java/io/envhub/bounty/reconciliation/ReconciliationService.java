package io.envhub.bounty.reconciliation;

import io.envhub.bounty.reconciliation.Reconciliation.Check;
import io.envhub.bounty.reconciliation.Reconciliation.CurrencyTotals;
import io.envhub.kit.persistence.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks the ledger against itself and against bounties, submissions and payouts, in one repeatable-read snapshot so
 * concurrent postings cannot produce false alarms.
 */
@ApplicationScoped
public class ReconciliationService {
    private static final int MAX_LISTED = 50;

    private final EntityManager em;

    public ReconciliationService(EntityManager em) {
        this.em = em;
    }

    /** Runs every check. */
    @Transactional
    public Reconciliation run() {
        em.createNativeQuery("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").executeUpdate();
        List<Check> checks = new ArrayList<>();
        checks.add(check("ledger-sums-to-zero", "Per currency, the sum of all accounts is zero.", """
                SELECT 'currency ' || currency || ': accounts sum to ' || sum(amount_minor)
                  FROM bounty.ledger_entries GROUP BY currency HAVING sum(amount_minor) <> 0
                """));
        checks.add(check("transactions-balanced", "Every transaction has at least two entries summing to zero per currency.", """
                SELECT 'transaction ' || t.id || ' (' || t.kind || '): ' || count(e.id) || ' entries, sum '
                       || COALESCE(sum(e.amount_minor), 0)
                  FROM bounty.ledger_transactions t LEFT JOIN bounty.ledger_entries e ON e.transaction_id = t.id
                 GROUP BY t.id, t.kind, e.currency HAVING count(e.id) < 2 OR COALESCE(sum(e.amount_minor), 0) <> 0
                """));
        checks.add(check("no-overdraft", "No sponsor, escrow or payable account is below zero.", """
                SELECT a.name || ' ' || a.currency || ' is ' || sum(e.amount_minor)
                  FROM bounty.ledger_accounts a JOIN bounty.ledger_entries e ON e.account_id = a.id
                 WHERE a.no_overdraft GROUP BY a.id, a.name, a.currency HAVING sum(e.amount_minor) < 0
                """));
        checks.add(check("escrow-matches-obligations", "Every bounty's escrow equals its open obligations (open: reward × "
                + "awards left; closed: reward × min(awards left, undecided submissions); otherwise 0).", """
                WITH o AS (
                  SELECT b.id, b.currency, CASE b.status
                           WHEN 'open' THEN b.reward_minor * (b.max_awards - b.awards_given)
                           WHEN 'closed' THEN b.reward_minor * LEAST(b.max_awards - b.awards_given,
                                (SELECT count(*) FROM bounty.submissions s WHERE s.bounty_id = b.id
                                    AND s.status IN ('submitted', 'in_review', 'changes_requested')))
                           ELSE 0 END AS owed,
                         COALESCE((SELECT sum(e.amount_minor) FROM bounty.ledger_entries e
                                     JOIN bounty.ledger_accounts a ON a.id = e.account_id
                                    WHERE a.name = 'escrow:bounty:' || b.id), 0) AS held
                    FROM bounty.bounties b)
                SELECT 'bounty ' || id || ': escrow ' || held || ' ' || currency || ', obligations ' || owed
                  FROM o WHERE held <> owed ORDER BY id
                """));
        checks.add(check("paid-matches-confirmed", "Per contributor and currency, what passed through paid:user equals their "
                + "confirmed payouts, and external:payouts equals all confirmed payouts.", """
                WITH paid AS (
                  SELECT substr(a.name, 11) AS subject, a.currency, sum(e.amount_minor) AS total
                    FROM bounty.ledger_accounts a JOIN bounty.ledger_entries e ON e.account_id = a.id
                   WHERE a.name LIKE 'paid:user:%' AND e.amount_minor > 0 GROUP BY a.name, a.currency),
                confirmed AS (
                  SELECT payee_subject AS subject, currency, sum(amount_minor) AS total
                    FROM bounty.payouts WHERE status = 'confirmed' GROUP BY payee_subject, currency)
                SELECT 'user ' || COALESCE(p.subject, c.subject) || ' ' || COALESCE(p.currency, c.currency) || ': paid:user '
                       || COALESCE(p.total, 0) || ', confirmed payouts ' || COALESCE(c.total, 0)
                  FROM paid p FULL JOIN confirmed c ON c.subject = p.subject AND c.currency = p.currency
                 WHERE COALESCE(p.total, 0) <> COALESCE(c.total, 0)
                UNION ALL
                SELECT 'external:payouts ' || cur || ': ' || ext || ', confirmed payouts ' || conf FROM (
                  SELECT COALESCE(x.currency, y.currency) AS cur, COALESCE(x.total, 0) AS ext, COALESCE(y.total, 0) AS conf
                    FROM (SELECT a.currency, sum(e.amount_minor) AS total FROM bounty.ledger_accounts a
                            JOIN bounty.ledger_entries e ON e.account_id = a.id WHERE a.name = 'external:payouts'
                           GROUP BY a.currency) x
                    FULL JOIN (SELECT currency, sum(amount_minor) AS total FROM bounty.payouts WHERE status = 'confirmed'
                                GROUP BY currency) y ON x.currency = y.currency) z WHERE ext <> conf
                """));
        checks.add(check("payable-matches-unpaid", "Per contributor and currency, payable:user equals their payouts not yet "
                + "confirmed (pending, sent, failed).", """
                WITH payable AS (
                  SELECT substr(a.name, 14) AS subject, a.currency, sum(e.amount_minor) AS total
                    FROM bounty.ledger_accounts a JOIN bounty.ledger_entries e ON e.account_id = a.id
                   WHERE a.name LIKE 'payable:user:%' GROUP BY a.name, a.currency),
                owed AS (
                  SELECT payee_subject AS subject, currency, sum(amount_minor) AS total
                    FROM bounty.payouts WHERE status <> 'confirmed' GROUP BY payee_subject, currency)
                SELECT 'user ' || COALESCE(p.subject, o.subject) || ' ' || COALESCE(p.currency, o.currency) || ': payable '
                       || COALESCE(p.total, 0) || ', unpaid payouts ' || COALESCE(o.total, 0)
                  FROM payable p FULL JOIN owed o ON o.subject = p.subject AND o.currency = p.currency
                 WHERE COALESCE(p.total, 0) <> COALESCE(o.total, 0)
                """));
        checks.add(check("payout-per-approval", "Every approved submission has exactly one payout and one approve posting; "
                + "every payout belongs to an approved submission; no submission was paid out twice.", """
                SELECT 'submission ' || s.id || ' is approved but has no payout' FROM bounty.submissions s
                 WHERE s.status = 'approved' AND NOT EXISTS (SELECT 1 FROM bounty.payouts p WHERE p.submission_id = s.id)
                UNION ALL
                SELECT 'payout ' || p.id || ' belongs to submission ' || p.submission_id || ', which is ' || s.status
                  FROM bounty.payouts p JOIN bounty.submissions s ON s.id = p.submission_id WHERE s.status <> 'approved'
                UNION ALL
                SELECT 'submission ' || submission_id || ' has ' || count(*) || ' ' || kind || ' postings'
                  FROM bounty.ledger_transactions WHERE kind IN ('approve', 'payout') AND submission_id IS NOT NULL
                 GROUP BY submission_id, kind HAVING count(*) > 1
                UNION ALL
                SELECT 'approved submission ' || s.id || ' has no approve posting' FROM bounty.submissions s
                 WHERE s.status = 'approved' AND NOT EXISTS (SELECT 1 FROM bounty.ledger_transactions t
                                                              WHERE t.kind = 'approve' AND t.submission_id = s.id)
                UNION ALL
                SELECT 'confirmed payout ' || p.id || ' has no payout posting' FROM bounty.payouts p
                 WHERE p.status = 'confirmed' AND NOT EXISTS (SELECT 1 FROM bounty.ledger_transactions t
                                                               WHERE t.kind = 'payout' AND t.submission_id = p.submission_id)
                UNION ALL
                SELECT 'payout ' || p.id || ' is ' || p.status || ' but was posted as paid' FROM bounty.payouts p
                 WHERE p.status <> 'confirmed' AND EXISTS (SELECT 1 FROM bounty.ledger_transactions t
                                                            WHERE t.kind = 'payout' AND t.submission_id = p.submission_id)
                """));
        int mismatches = checks.stream().mapToInt(Check::mismatches).sum();
        return new Reconciliation(mismatches == 0, mismatches, OffsetDateTime.now(ZoneOffset.UTC), checks, totals());
    }

    private Check check(String name, String description, String sql) {
        @SuppressWarnings("unchecked")
        List<Object> rows = em.createNativeQuery(sql).getResultList();
        List<String> problems = rows.stream().limit(MAX_LISTED).map(String::valueOf).toList();
        return new Check(name, description, rows.isEmpty(), rows.size(), problems);
    }

    private List<CurrencyTotals> totals() {
        return Row.list(em.createNativeQuery("""
                SELECT e.currency, sum(e.amount_minor) AS sum_minor,
                       -sum(e.amount_minor) FILTER (WHERE a.name = 'external:funding') AS funded_minor,
                       sum(e.amount_minor) FILTER (WHERE a.name LIKE 'sponsor:%') AS sponsors_minor,
                       sum(e.amount_minor) FILTER (WHERE a.name LIKE 'escrow:%') AS escrow_minor,
                       sum(e.amount_minor) FILTER (WHERE a.name LIKE 'payable:%') AS payable_minor,
                       sum(e.amount_minor) FILTER (WHERE a.name = 'external:payouts') AS paid_out_minor,
                       sum(e.amount_minor) FILTER (WHERE a.name = 'platform:fees') AS fees_minor
                  FROM bounty.ledger_entries e JOIN bounty.ledger_accounts a ON a.id = e.account_id
                 GROUP BY e.currency ORDER BY e.currency
                """, Tuple.class)).stream().map(r -> new CurrencyTotals(r.string("currency"), n(r, "sum_minor"),
                n(r, "funded_minor"), n(r, "sponsors_minor"), n(r, "escrow_minor"), n(r, "payable_minor"),
                n(r, "paid_out_minor"), n(r, "fees_minor"))).toList();
    }

    /** A sum column: 0 when no entry matched (SQL NULL). */
    private static long n(Row r, String alias) {
        Long value = r.longOrNull(alias);
        return value == null ? 0 : value;
    }
}
