package io.envhub.web.money;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.web.money.MoneyViews.SponsorMoney;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Money on the pages: minor units shown in their currency, amounts typed read back exactly, reports and states read. */
class MoneyFormatTest {
    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();

    @Test
    void amountsShowEveryFractionDigitOfTheirCurrency() {
        assertEquals("$1,500.00", MoneyFormat.amount(150_000, "USD"));
        assertEquals("$0.01", MoneyFormat.amount(1, "USD"));
        assertEquals("-$25.50", MoneyFormat.amount(-2_550, "USD"));
        assertEquals("€120.50", MoneyFormat.amount(12_050, "eur"));
        assertEquals("¥5,000", MoneyFormat.amount(5_000, "JPY"), "the yen has no minor unit");
        assertEquals("BHD1.500", MoneyFormat.amount(1_500, "BHD"), "three fraction digits");
        assertEquals("92,233,720,368,547,758.07 XXY", MoneyFormat.amount(Long.MAX_VALUE, "XXY"),
                "exact even at the long's limit: no floating point");
    }

    @Test
    void typedAmountsBecomeMinorUnitsExactly() {
        assertEquals(150_000L, MoneyFormat.parse("1,500", "USD"));
        assertEquals(150_050L, MoneyFormat.parse(" 1500.50 ", "USD"));
        assertEquals(1L, MoneyFormat.parse("0.01", "USD"));
        assertEquals(5_000L, MoneyFormat.parse("5000", "JPY"));
        assertEquals(1_000L, MoneyFormat.parse("10.0", "USD"), "a trailing zero is not an extra digit");
        assertNull(MoneyFormat.parse("0.001", "USD"), "more digits than the currency has");
        assertNull(MoneyFormat.parse("50.5", "JPY"));
        assertNull(MoneyFormat.parse("0", "USD"));
        assertNull(MoneyFormat.parse("-5", "USD"));
        assertNull(MoneyFormat.parse("1,50", "USD"));
        assertNull(MoneyFormat.parse("1e3", "USD"));
        assertNull(MoneyFormat.parse("2000000000", "USD"), "a typo guard");
        assertNull(MoneyFormat.parse("10", "XXY"));
    }

    @Test
    void theFundingFormNamesEachFieldToFix() {
        FundingForm bad = FundingForm.posted(" ", "12.345", "USD", "");
        assertFalse(bad.valid());
        assertEquals(List.of("amount", "reference", "sponsor"), bad.errors().keySet().stream().sorted().toList());
        FundingForm ok = FundingForm.posted(" sam ", "1,500.00", "usd", " WIRE-2026-0042 ");
        assertTrue(ok.valid(), ok.errors().toString());
        assertEquals(new MoneyViews.FundingRequest("sam", 150_000, "USD", "WIRE-2026-0042"), ok.request());
        assertEquals("currency", FundingForm.posted("sam", "5", "DOGE", "x").errors().keySet().iterator().next());
    }

    @Test
    void onlyAConfirmedPayoutIsCalledPaid() {
        assertEquals("paid", PayoutStates.label("confirmed"));
        assertEquals("sent, awaiting confirmation", PayoutStates.label("sent"));
        assertEquals("pending", PayoutStates.label("pending"));
        assertEquals("failed", PayoutStates.label("failed"));
        assertEquals("to_pay", PayoutStates.queue("everything"));
        assertEquals(List.of("pending", "sent"), PayoutStates.states("to_pay"));
        assertEquals("to pay", PayoutStates.label("to_pay"));
        assertEquals("failed", PayoutStates.queue("failed"));
    }

    @Test
    void theReconciliationReportIsGreenOnlyWhenBalanced() throws Exception {
        // issue 36, item 8: the shape bounty-service sends (io.envhub.bounty.reconciliation.Reconciliation), green and red
        Reconciliation ok = Reconciliation.of(JSON.readTree("""
                {"balanced":true,"mismatches":0,"checkedAt":"2026-12-01T18:00:00Z",
                 "checks":[{"name":"ledger-sums-to-zero","description":"Per currency, the sum of all accounts is zero.",
                            "passed":true,"mismatches":0,"problems":[]}],
                 "currencies":[{"currency":"USD","sumMinor":0,"fundedMinor":-250000,"sponsorsMinor":0,"escrowMinor":250000,
                                "payableMinor":0,"paidOutMinor":0,"feesMinor":0}]}"""));
        assertTrue(ok.balanced());
        assertEquals(List.of("Summary", "checks", "currencies"), ok.sections().stream().map(Reconciliation.Section::title).toList());
        assertEquals(List.of(List.of("mismatches", "0"), List.of("checked at", "2026-12-01T18:00:00Z")), ok.sections().get(0).rows());
        assertEquals(List.of("name", "description", "passed", "mismatches", "problems"), ok.sections().get(1).columns());
        assertEquals(List.of("ledger-sums-to-zero", "Per currency, the sum of all accounts is zero.", "yes", "0", "none"),
                ok.sections().get(1).rows().get(0));
        assertEquals(List.of("currency", "sum", "funded", "sponsors", "escrow", "payable", "paid out", "fees"),
                ok.sections().get(2).columns());
        assertEquals("$2,500.00", ok.sections().get(2).rows().get(0).get(4), "escrow in the row's currency");

        Reconciliation red = Reconciliation.of(JSON.readTree("""
                {"balanced":false,"mismatches":1,"checkedAt":"2026-12-01T18:10:00Z",
                 "checks":[{"name":"escrow-matches-obligations","description":"Every bounty's escrow equals its obligations.",
                            "passed":false,"mismatches":1,"problems":["bounty 7: escrow 2000 DKK, obligations 3000"]}],
                 "currencies":[]}"""));
        assertFalse(red.balanced());
        assertEquals(List.of("escrow-matches-obligations", "Every bounty's escrow equals its obligations.", "no", "1",
                "bounty 7: escrow 2000 DKK, obligations 3000"), red.sections().get(1).rows().get(0), "the problem is on the page");
        assertFalse(Reconciliation.of(JSON.readTree("{\"balanced\":\"yes\"}")).balanced(), "only a real true is green");
        assertFalse(Reconciliation.of(null).balanced());
    }

    @Test
    void theSponsorsMoneyReadsWithMissingListsAndOtherNames() throws Exception {
        SponsorMoney m = JSON.readValue("""
                {"sponsor":"sam","balances":[{"currency":"USD","balanceMinor":100000,"escrowedMinor":50000}],
                 "funding":[{"id":1,"amountMinor":150000,"currency":"USD","reference":"WIRE-1","postedAt":"2026-12-01T10:00:00Z"}],
                 "awards":[{"payoutId":9,"bountyId":7,"bountyTitle":"T","payee":"alice","amountMinor":250000,
                            "currency":"USD","status":"confirmed","approvedAt":"2026-12-01T11:00:00Z"}],
                 "unknown":{"x":1}}""", SponsorMoney.class).tidy();
        assertEquals(100_000, m.balances().get(0).availableMinor());
        assertEquals(50_000, m.balances().get(0).escrowMinor());
        assertEquals("WIRE-1", m.fundings().get(0).reference());
        assertTrue(m.escrows().isEmpty());
        assertEquals(9, m.payouts().get(0).id());
        assertTrue(m.payouts().get(0).paid());
        assertEquals("paid", m.payouts().get(0).label());
    }
}
