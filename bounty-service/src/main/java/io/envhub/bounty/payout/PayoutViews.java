package io.envhub.bounty.payout;

import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of payouts and earnings (amounts are integer minor units with their currency). */
public final class PayoutViews {
    private PayoutViews() {
    }

    /**
     * A payout as admins see it. {@code status}: pending (approved, not yet handed to the provider), sent (handed over,
     * awaiting confirmation), confirmed (paid), failed (may be retried). {@code idempotencyKey} is derived from the
     * submission; {@code attempt} grows on each retry.
     */
    public record PayoutView(long id, long bountyId, String bountyTitle, long submissionId, String payee, long amountMinor,
                             String currency, String status, String idempotencyKey, int attempt, String provider,
                             String externalReference, String failure, OffsetDateTime createdAt, OffsetDateTime sentAt,
                             OffsetDateTime confirmedAt, String confirmedBy, OffsetDateTime failedAt) {
    }

    /** {@code POST /api/v1/payouts/{id}/confirm}: the external reference of the payment (bank transfer id, ...). */
    public record ConfirmRequest(String reference) {
    }

    /** {@code POST /api/v1/payouts/{id}/fail}: why the payment failed. */
    public record FailRequest(String reason) {
    }

    /** A contributor's totals in one currency: owed (payable, not yet confirmed) and paid (confirmed). */
    public record EarningsTotal(String currency, long payableMinor, long paidMinor) {
    }

    /** One award of the contributor: the bounty, the amount and where its payout stands. */
    public record Earning(long payoutId, long bountyId, String bountyTitle, long submissionId, long amountMinor, String currency,
                          String status, boolean paid, String externalReference, OffsetDateTime approvedAt,
                          OffsetDateTime sentAt, OffsetDateTime confirmedAt) {
    }

    /** {@code GET /api/v1/me/earnings}. */
    public record Earnings(String username, List<EarningsTotal> totals, List<Earning> awards) {
    }
}
