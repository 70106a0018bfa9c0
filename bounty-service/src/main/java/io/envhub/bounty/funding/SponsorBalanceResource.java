package io.envhub.bounty.funding;

import io.envhub.bounty.access.Actor;
import io.envhub.bounty.access.Callers;
import io.envhub.bounty.bounty.Bounty;
import io.envhub.bounty.funding.FundingViews.BountyEscrow;
import io.envhub.bounty.funding.FundingViews.CurrencyBalance;
import io.envhub.bounty.funding.FundingViews.PaidAward;
import io.envhub.bounty.funding.FundingViews.SponsorBalance;
import io.envhub.bounty.ledger.Accounts;
import io.envhub.bounty.ledger.Ledger;
import io.envhub.bounty.payout.Payout;
import io.envhub.bounty.payout.PayoutReader;
import io.envhub.bounty.submission.Submission;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/sponsors/me/balance}: the caller's money as a sponsor. */
@Path("/api/v1/sponsors/me/balance")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class SponsorBalanceResource {
    private final Ledger ledger;
    private final FundingService funding;
    private final PayoutReader payouts;
    private final Callers callers;

    public SponsorBalanceResource(Ledger ledger, FundingService funding, PayoutReader payouts, Callers callers) {
        this.ledger = ledger;
        this.funding = funding;
        this.payouts = payouts;
        this.callers = callers;
    }

    @GET
    @Operation(summary = "My balance as sponsor", description = "Per currency: available (funded, not reserved) and in escrow; "
            + "funding history; escrow per bounty (bounties that ever held escrow); awards on my bounties and their payout "
            + "status (paid = confirmed).")
    public SponsorBalance balance() {
        Actor actor = callers.actor().requireSignedIn();
        Map<String, long[]> byCurrency = new TreeMap<>();
        for (Ledger.Balance balance : ledger.balances(Accounts.sponsor(actor.subject()))) {
            byCurrency.computeIfAbsent(balance.currency(), c -> new long[2])[0] = balance.balanceMinor();
        }
        List<BountyEscrow> escrow = new ArrayList<>();
        for (Bounty b : Bounty.<Bounty>list("sponsorSubject = ?1 AND status <> 'draft' ORDER BY id DESC", actor.subject())) {
            long held = ledger.balance(Accounts.escrow(b.id), b.currency);
            byCurrency.computeIfAbsent(b.currency, c -> new long[2])[1] += held;
            escrow.add(new BountyEscrow(b.id, b.title, b.status, b.currency, b.rewardMinor, b.maxAwards, b.awardsGiven, held));
        }
        List<PaidAward> awards = new ArrayList<>();
        for (Payout p : payouts.ofSponsor(actor.subject())) {
            Submission s = Submission.findById(p.submissionId);
            Bounty b = Bounty.findById(p.bountyId);
            awards.add(new PaidAward(p.id, p.bountyId, b.title, p.payeeUsername, p.amountMinor, p.currency, p.status,
                    s == null ? null : s.approvedAt, p.confirmedAt));
        }
        return new SponsorBalance(actor.username(), byCurrency.entrySet().stream()
                .map(e -> new CurrencyBalance(e.getKey(), e.getValue()[0], e.getValue()[1])).toList(),
                funding.history(actor.subject(), null), escrow, awards);
    }
}
