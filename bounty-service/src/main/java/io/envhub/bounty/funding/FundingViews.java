package io.envhub.bounty.funding;

import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of funding and sponsor balances (amounts are integer minor units with their currency). */
public final class FundingViews {
    private FundingViews() {
    }

    /**
     * {@code POST /api/v1/ledger/funding}: money received from a sponsor (user name), with the bank transfer id etc.
     * {@code amountMinor} is read as any JSON number so that a fraction (2.5) is refused rather than truncated.
     */
    public record FundingRequest(String sponsor, Number amountMinor, String currency, String reference) {
    }

    /** One recorded funding (a {@code fund} transaction). */
    public record FundingView(long transactionId, String sponsor, long amountMinor, String currency, String reference,
                              String recordedBy, OffsetDateTime at) {
    }

    /** Money held for the sponsor in one currency: available to open bounties, and reserved in escrow. */
    public record CurrencyBalance(String currency, long availableMinor, long escrowMinor) {
    }

    /** What one of the sponsor's bounties holds in escrow. */
    public record BountyEscrow(long bountyId, String title, String status, String currency, long rewardMinor, int maxAwards,
                               int awardsGiven, long escrowMinor) {
    }

    /** A payout for an award on one of the sponsor's bounties: to whom, how much, and whether it is paid (confirmed). */
    public record PaidAward(long payoutId, long bountyId, String bountyTitle, String payee, long amountMinor, String currency,
                            String status, OffsetDateTime approvedAt, OffsetDateTime confirmedAt) {
    }

    /** {@code GET /api/v1/sponsors/me/balance}. */
    public record SponsorBalance(String sponsor, List<CurrencyBalance> balances, List<FundingView> funding,
                                 List<BountyEscrow> escrow, List<PaidAward> awards) {
    }
}
