package io.envhub.bounty.payout;

import io.envhub.contract.bounty.PayoutStatus;
import io.envhub.bounty.bounty.Bounty;
import io.envhub.bounty.payout.PayoutViews.Earning;
import io.envhub.bounty.payout.PayoutViews.Earnings;
import io.envhub.bounty.payout.PayoutViews.EarningsTotal;
import io.envhub.bounty.payout.PayoutViews.PayoutView;
import io.envhub.bounty.submission.Submission;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Reads payouts: the admins' queue and export, a contributor's earnings, a sponsor's awards. */
@ApplicationScoped
public class PayoutReader {
    /** Statuses a payout can have. */
    public static final Set<String> STATUSES = Set.copyOf(PayoutStatus.wires());

    /** Payouts with the given status (null: all), oldest first, at most 1000. */
    public List<PayoutView> list(String status) {
        if (status != null && !status.isBlank() && !STATUSES.contains(status)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_STATUS, "status is one of pending, sent, confirmed, failed.");
        }
        List<Payout> rows = status == null || status.isBlank() ? Payout.find("ORDER BY id").page(0, 1000).list()
                : Payout.find("status = ?1 ORDER BY id", status).page(0, 1000).list();
        return views(rows);
    }

    /** One payout. */
    public PayoutView one(long id) {
        Payout p = Payout.<Payout>findByIdOptional(id).orElseThrow(() -> new ApiException.NotFound("Payout " + id + " does not exist."));
        return views(List.of(p)).get(0);
    }

    /** Views of payouts, with their bounties' titles. */
    public List<PayoutView> views(List<Payout> rows) {
        Map<Long, String> titles = titles(rows);
        return rows.stream().map(p -> new PayoutView(p.id, p.bountyId, titles.get(p.bountyId), p.submissionId, p.payeeUsername,
                p.amountMinor, p.currency, p.status, p.idempotencyKey, p.attempt, p.provider, p.externalReference, p.failure,
                p.createdAt, p.sentAt, p.confirmedAt, p.confirmedBy, p.failedAt)).toList();
    }

    /** The contributor's (Keycloak subject) awards and totals: payable until confirmed, paid once confirmed. */
    public Earnings earnings(String subject, String username) {
        List<Payout> rows = Payout.list("payeeSubject = ?1 ORDER BY id DESC", subject);
        Map<Long, String> titles = titles(rows);
        Map<String, long[]> totals = new TreeMap<>();
        List<Earning> awards = new ArrayList<>();
        for (Payout p : rows) {
            boolean paid = PayoutStatus.CONFIRMED.is(p.status);
            long[] t = totals.computeIfAbsent(p.currency, c -> new long[2]);
            t[paid ? 1 : 0] += p.amountMinor;
            Submission s = Submission.findById(p.submissionId);
            awards.add(new Earning(p.id, p.bountyId, titles.get(p.bountyId), p.submissionId, p.amountMinor, p.currency, p.status,
                    paid, paid ? p.externalReference : null, s == null ? p.createdAt : s.approvedAt, p.sentAt, p.confirmedAt));
        }
        return new Earnings(username, totals.entrySet().stream().map(e -> new EarningsTotal(e.getKey(), e.getValue()[0],
                e.getValue()[1])).toList(), awards);
    }

    /** Payouts on bounties of the sponsor (Keycloak subject), newest first. */
    public List<Payout> ofSponsor(String subject) {
        return Payout.list("bountyId IN (SELECT b.id FROM Bounty b WHERE b.sponsorSubject = ?1) ORDER BY id DESC", subject);
    }

    /** The payouts awaiting payment (pending, sent) as CSV: id, payee, amount, currency, key, bounty, status. */
    public String csv() {
        StringBuilder out = new StringBuilder("payout_id,payee,amount_minor,currency,idempotency_key,attempt,bounty_id,status\n");
        for (Payout p : Payout.<Payout>list("status IN ('pending', 'sent') ORDER BY id")) {
            out.append(p.id).append(',').append(cell(p.payeeUsername)).append(',').append(p.amountMinor).append(',')
                    .append(p.currency).append(',').append(cell(p.attemptKey())).append(',').append(p.attempt).append(',')
                    .append(p.bountyId).append(',').append(p.status).append('\n');
        }
        return out.toString();
    }

    private static Map<Long, String> titles(List<Payout> rows) {
        Map<Long, String> titles = new HashMap<>();
        for (Payout p : rows) {
            titles.computeIfAbsent(p.bountyId, id -> Bounty.<Bounty>findByIdOptional(id).map(b -> b.title).orElse(null));
        }
        return titles;
    }

    /** A CSV cell: quoted when needed, and never starting like a spreadsheet formula. */
    static String cell(String s) {
        String v = s == null ? "" : s;
        if (!v.isEmpty() && "=+-@\t\r".indexOf(v.charAt(0)) >= 0) {
            v = "'" + v;
        }
        if (v.contains(",") || v.contains("\"") || v.contains("\n") || v.contains("\r")) {
            v = "\"" + v.replace("\"", "\"\"") + "\"";
        }
        return v;
    }
}
