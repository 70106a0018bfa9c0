package io.envhub.web.money;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * JSON shapes of bounty-service's money API (ledger, funding, payouts) as the money pages read and send them. Amounts
 * are integer minor units with their currency; unknown fields are ignored and a few alternative names are accepted.
 */
public final class MoneyViews {
    private MoneyViews() {
    }

    /** What the sponsor may spend and what is held in escrow, in one currency. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CurrencyBalance(String currency,
                                  @JsonAlias({"balanceMinor", "amountMinor"}) long availableMinor,
                                  @JsonAlias({"escrowedMinor", "heldMinor"}) long escrowMinor) {
    }

    /** Money an admin recorded as received from a sponsor. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Funding(@JsonAlias({"transactionId"}) long id, String sponsor, long amountMinor, String currency, String reference,
                          @JsonAlias({"recordedBy", "actor"}) String recordedBy,
                          @JsonAlias({"postedAt", "at"}) OffsetDateTime createdAt) {
    }

    /** What one of the sponsor's bounties holds in escrow. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Escrow(long bountyId, @JsonAlias({"title"}) String bountyTitle, String status,
                         @JsonAlias({"escrowMinor", "heldMinor"}) long amountMinor, String currency, long rewardMinor,
                         int maxAwards, int awardsGiven) {
        /** The bounty's page. */
        public String href() {
            return "/bounties/" + bountyId;
        }
    }

    /**
     * A payout of one approved submission: {@code pending} (waiting to be paid), {@code sent} (handed to the payment
     * provider), {@code confirmed} (the provider confirmed it: only now is it paid) or {@code failed}.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Payout(@JsonAlias({"payoutId"}) long id, String status, long bountyId, String bountyTitle,
                         long submissionId, @JsonAlias({"payeeUsername", "submitter", "user"}) String payee,
                         long amountMinor, String currency, @JsonAlias({"key"}) String idempotencyKey, int attempt,
                         @JsonAlias({"externalReference", "providerReference"}) String reference,
                         @JsonAlias({"reason", "failure", "lastError"}) String failureReason,
                         @JsonAlias({"approvedAt"}) OffsetDateTime createdAt, OffsetDateTime sentAt,
                         OffsetDateTime failedAt, OffsetDateTime confirmedAt, String confirmedBy) {
        /** Whether the provider confirmed it (the only state shown as paid). */
        public boolean paid() {
            return "confirmed".equals(status);
        }

        /** The state in words: "paid" only once confirmed. */
        public String label() {
            return PayoutStates.label(status);
        }

        /** The bounty's page. */
        public String bountyHref() {
            return "/bounties/" + bountyId;
        }

        /** When it reached its present state (confirmed, failed, sent, else approved). */
        public OffsetDateTime since() {
            if (paid() && confirmedAt != null) {
                return confirmedAt;
            }
            if ("failed".equals(status) && failedAt != null) {
                return failedAt;
            }
            return "sent".equals(status) && sentAt != null ? sentAt : createdAt;
        }
    }

    /** {@code GET /api/v1/sponsors/me/balance}: balances, funding history, escrow per bounty, payouts of their bounties. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record SponsorMoney(String sponsor, List<CurrencyBalance> balances,
                               @JsonAlias({"funding", "fundingHistory"}) List<Funding> fundings,
                               @JsonAlias({"escrow"}) List<Escrow> escrows,
                               @JsonAlias({"awards"}) List<Payout> payouts) {
        /** A copy with empty lists where the answer had none. */
        public SponsorMoney tidy() {
            return new SponsorMoney(sponsor, orEmpty(balances), orEmpty(fundings), orEmpty(escrows), orEmpty(payouts));
        }
    }

    /** Payable (approved, not yet paid) and paid (confirmed) totals in one currency. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record EarningTotal(String currency, long payableMinor, long paidMinor) {
    }

    /** {@code GET /api/v1/me/earnings}: the contributor's totals per currency and their payouts, one per award. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Earnings(@JsonAlias({"balances"}) List<EarningTotal> totals,
                           @JsonAlias({"awards"}) List<Payout> payouts) {
        /** A copy with empty lists where the answer had none. */
        public Earnings tidy() {
            return new Earnings(orEmpty(totals), orEmpty(payouts));
        }
    }

    /** Body of {@code POST /api/v1/ledger/funding}. */
    public record FundingRequest(String sponsor, long amountMinor, String currency, String reference) {
    }

    /** Body of {@code POST /api/v1/payouts/{id}/confirm}. */
    public record ConfirmRequest(String reference) {
    }

    /** Body of {@code POST /api/v1/payouts/{id}/fail}. */
    public record FailRequest(String reason) {
    }

    static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }
}
