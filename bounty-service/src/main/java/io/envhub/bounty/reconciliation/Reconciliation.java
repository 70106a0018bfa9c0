package io.envhub.bounty.reconciliation;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * {@code GET /api/v1/ledger/reconciliation}: {@code balanced} is true when every check passed; {@code mismatches} counts
 * the problems found over all checks.
 */
public record Reconciliation(boolean balanced, int mismatches, OffsetDateTime checkedAt, List<Check> checks,
                             List<CurrencyTotals> currencies) {
    /** One check: its name, what it verifies, whether it passed and the problems it found (at most 50 listed). */
    public record Check(String name, String description, boolean passed, int mismatches, List<String> problems) {
    }

    /**
     * Ledger totals per currency: the sum of all accounts (0 when balanced), funded (received), held for sponsors, in
     * escrow, payable to contributors, paid out, platform fees.
     */
    public record CurrencyTotals(String currency, long sumMinor, long fundedMinor, long sponsorsMinor, long escrowMinor,
                                 long payableMinor, long paidOutMinor, long feesMinor) {
    }
}
