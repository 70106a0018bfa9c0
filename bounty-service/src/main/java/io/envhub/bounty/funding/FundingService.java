package io.envhub.bounty.funding;

import io.envhub.bounty.access.Actor;
import io.envhub.bounty.audit.AuditLog;
import io.envhub.bounty.funding.FundingViews.FundingRequest;
import io.envhub.bounty.funding.FundingViews.FundingView;
import io.envhub.bounty.ledger.Accounts;
import io.envhub.bounty.ledger.Ledger;
import io.envhub.bounty.participant.Participant;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.regex.Pattern;

/** Admins record money received from sponsors: {@code external:funding} → {@code sponsor:{subject}}. */
@ApplicationScoped
public class FundingService {
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    /** Largest single funding, in minor units (10^13: 100 billion of a two-decimal currency). */
    private static final long MAX_AMOUNT = 10_000_000_000_000L;

    private final Ledger ledger;
    private final EntityManager em;
    private final AuditLog audit;

    public FundingService(Ledger ledger, EntityManager em, AuditLog audit) {
        this.ledger = ledger;
        this.em = em;
        this.audit = audit;
    }

    /**
     * What {@link #fund} did.
     *
     * @param funding the funding recorded, or the earlier one with the same reference
     * @param created false when the reference was recorded before (nothing was credited again)
     */
    public record Recorded(FundingView funding, boolean created) {
    }

    /**
     * Records a funding; the sponsor must have used the bounty service once (404 otherwise). A reference (the bank
     * transfer id; compared without case or surrounding spaces) credits once: recording it again with the same sponsor,
     * amount and currency answers the earlier funding, with other details 409 (issue 36, item 10).
     */
    @Transactional
    public Recorded fund(FundingRequest req, Actor actor) {
        if (req == null || req.sponsor() == null || req.sponsor().isBlank()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_SPONSOR, "sponsor (the sponsor's user name) is required.");
        }
        Number n = req.amountMinor();
        boolean integral = n instanceof Integer || n instanceof Long || n instanceof java.math.BigInteger;
        if (!integral || n.longValue() <= 0 || n.longValue() > MAX_AMOUNT
                || n instanceof java.math.BigInteger big && big.bitLength() > 62) {
            throw new ApiException.Invalid(ProblemCode.INVALID_AMOUNT,
                    "amountMinor is a positive whole number of minor units (e.g. cents), "
                    + "at most " + MAX_AMOUNT + ".");
        }
        if (req.currency() == null || !CURRENCY.matcher(req.currency()).matches()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_CURRENCY, "currency is an ISO 4217 code such as USD or EUR.");
        }
        String reference = req.reference() == null ? "" : req.reference().strip();
        if (reference.isEmpty() || reference.length() > 200) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REFERENCE, "reference (e.g. the bank transfer id) is 1 to 200 characters.");
        }
        long amount = n.longValue();
        Participant sponsor = sponsor(req.sponsor().strip());
        // one credit per reference, also when two admins record the same transfer at once
        em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtext('envhub-funding:' || lower(?1)))").setParameter(1, reference)
                .getSingleResult();
        FundingView earlier = byReference(reference);
        if (earlier != null) {
            if (sponsor.username.equalsIgnoreCase(earlier.sponsor()) && earlier.amountMinor() == amount
                    && earlier.currency().equals(req.currency())) {
                return new Recorded(earlier, false);
            }
            throw new ApiException.Conflict(ProblemCode.ALREADY_RECORDED, "Reference " + earlier.reference()
                    + " was already recorded on " + earlier.at().toLocalDate() + " by " + earlier.recordedBy() + ": "
                    + earlier.amountMinor() + " " + earlier.currency() + " (minor units) for " + earlier.sponsor()
                    + ". A funding reference is recorded once; check the transfer, or use its own reference.");
        }
        long tx = ledger.post(new Ledger.Posting("fund", actor.username(), reference, null, null, "sponsor " + sponsor.username),
                req.currency(), List.of(new Ledger.Leg(Accounts.EXTERNAL_FUNDING, -amount),
                        new Ledger.Leg(Accounts.sponsor(sponsor.subject), amount)));
        audit.recordMoney(null, "funding", tx, "funding.record", actor.username(), null, "recorded",
                amount + " " + req.currency() + " (minor units) for " + sponsor.username + ", reference " + reference);
        return new Recorded(history(sponsor.subject, tx).get(0), true);
    }

    /** The funding recorded with this reference (case and surrounding spaces aside), or null. */
    private FundingView byReference(String reference) {
        List<?> ids = em.createNativeQuery("SELECT id FROM bounty.ledger_transactions WHERE kind = 'fund'"
                + " AND lower(reference) = lower(?1) ORDER BY id LIMIT 1").setParameter(1, reference).getResultList();
        if (ids.isEmpty()) {
            return null;
        }
        List<FundingView> views = history(null, ((Number) ids.get(0)).longValue());
        return views.isEmpty() ? null : views.get(0);
    }

    /** Fundings of the sponsor (Keycloak subject), newest first; {@code onlyTx} narrows to one transaction. */
    public List<FundingView> history(String subject, Long onlyTx) {
        String sql = """
                SELECT t.id, p.username, e.amount_minor, e.currency, t.reference, t.actor, t.at
                  FROM bounty.ledger_transactions t
                  JOIN bounty.ledger_entries e ON e.transaction_id = t.id
                  JOIN bounty.ledger_accounts a ON a.id = e.account_id
                  LEFT JOIN bounty.participants p ON 'sponsor:' || p.subject = a.name
                 WHERE t.kind = 'fund' AND a.name LIKE 'sponsor:%'
                """ + (subject == null ? "" : " AND a.name = :account") + (onlyTx == null ? "" : " AND t.id = :tx")
                + " ORDER BY t.id DESC LIMIT 500";
        var q = em.createNativeQuery(sql, Tuple.class);
        if (subject != null) {
            q.setParameter("account", Accounts.sponsor(subject));
        }
        if (onlyTx != null) {
            q.setParameter("tx", onlyTx);
        }
        return Row.list(q).stream().map(r -> new FundingView(r.longValue("id"), r.string("username"),
                r.longValue("amount_minor"), r.string("currency"), r.string("reference"), r.string("actor"), r.time("at")))
                .toList();
    }

    private static Participant sponsor(String username) {
        List<Participant> found = Participant.list("lower(username) = lower(?1) ORDER BY lastSeenAt DESC", username);
        if (found.isEmpty()) {
            throw new ApiException.NotFound("No sponsor named " + username + " has used the bounty service yet (they appear "
                    + "once they sign in or post a draft).");
        }
        return found.get(0);
    }

}
