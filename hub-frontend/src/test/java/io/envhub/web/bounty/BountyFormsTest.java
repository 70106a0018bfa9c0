package io.envhub.web.bounty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.bounty.BountyJson;
import io.envhub.contract.bounty.BountyJson.BountyRequest;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bounty pages' formatting and form checks (plain unit tests; the pages themselves run in BountyBrowserIT). */
class BountyFormsTest {
    private static final Clock NOW = Clock.fixed(Instant.parse("2027-01-01T00:00:00Z"), ZoneOffset.UTC);

    @Test
    void rewardsReadInTheirOwnCurrency() {
        assertEquals("$1,500", BountyFormat.money(150_000, "USD"));
        assertEquals("€120.50", BountyFormat.money(12_050, "EUR"));
        assertEquals("£250", BountyFormat.money(25_000, "GBP"));
        assertEquals("¥5,000", BountyFormat.money(5_000, "JPY"));
        assertEquals("2.50 XXY", BountyFormat.money(250, "XXY"));
    }

    @Test
    void deadlinesReadAsACountdown() {
        assertEquals("12 days left", BountyFormat.countdown(OffsetDateTime.parse("2027-01-13T00:00:00Z"), NOW));
        assertEquals("5 hours left", BountyFormat.countdown(OffsetDateTime.parse("2027-01-01T05:30:00Z"), NOW));
        assertEquals("1 minute left", BountyFormat.countdown(OffsetDateTime.parse("2027-01-01T00:00:20Z"), NOW));
        assertEquals("deadline passed 2 days ago", BountyFormat.countdown(OffsetDateTime.parse("2026-12-30T00:00:00Z"), NOW));
    }

    @Test
    void theBoardDropsWhatItDoesNotKnowAndTakesRewardsInWholeUnits() {
        BoardQuery q = BoardQuery.of("open", "gold", "medicine", "1,000", "-5", "reward", "3");
        assertNull(q.tier());
        assertEquals("medicine", q.domain());
        assertEquals(100_000L, q.minRewardMinor());
        assertNull(q.maxReward());
        assertEquals("/bounties?status=open&domain=medicine&min=1000&sort=reward&page=2", q.withPage(2));
        BoardQuery all = BoardQuery.of("all", null, null, null, null, "sideways", "x");
        assertNull(all.apiStatus());
        assertEquals("newest", all.sort());
        assertEquals(1, all.page());
    }

    @Test
    void theSponsorFormNamesEachFieldToFix() {
        BountyForm bad = BountyForm.posted("", "astrology", "", " \n ", "gold", "12.345", "USD", "0", "soon");
        assertFalse(bad.valid());
        assertEquals(List.of("title", "domain", "criteria", "tier", "reward", "maxAwards", "deadline"),
                List.copyOf(bad.errors().keySet()));
        BountyForm ok = BountyForm.posted("Triage", "medicine", "Build it.", "one\n\n two \n", "application_only",
                "1,500.50", "USD", "2", "2027-06-30");
        assertTrue(ok.valid(), ok.errors().toString());
        BountyRequest r = ok.request();
        assertEquals(List.of("one", "two"), r.criteria());
        assertEquals(150_050L, r.rewardMinor());
        assertEquals(OffsetDateTime.parse("2027-07-01T00:00:00Z"), r.deadline(), "the whole last day is included");
        assertEquals(2, r.maxAwards());
    }

    /** The bounty page shows the day the sponsor entered, not the midnight after it (issue 36: "one day later"). */
    @Test
    void theDeadlineReadsAsTheDayEntered() {
        BountyForm ok = BountyForm.posted("Triage", "medicine", "Build it.", "one", "application_only", "10", "USD", "1",
                "2027-06-30");
        assertEquals("2027-06-30 (end of day, UTC)", BountyFormat.lastDay(ok.request().deadline()));
        assertEquals("2027-06-30 (end of day, UTC)", BountyFormat.lastDay(OffsetDateTime.parse("2027-07-01T02:00:00+02:00")));
    }

    @Test
    void theSubmitSelectNamesOwnerNameAndVersion() {
        assertEquals(new BountyJson.SubmissionRequest("alice/reverse-text", "0.2.0"),
                BountyResource.parse("alice/reverse-text@0.2.0"));
        assertNull(BountyResource.parse("reverse-text@0.2.0"));
        assertNull(BountyResource.parse("alice/reverse-text@"));
        assertNull(BountyResource.parse(null));
    }
}
