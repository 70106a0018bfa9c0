package io.envhub.cli.bounty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.CliRun;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.http.CliJson;
import io.envhub.contract.bounty.BountyJson.Application;
import io.envhub.contract.bounty.BountyJson.BountyPage;
import io.envhub.contract.bounty.BountyJson.Submission;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code envhub bounty}: what needs no server — help, usage errors (exit 2), an unreachable service (exit 3), the
 * proposal file checks before any call (exit 4), and the text formatting of rewards, countdowns, the list and the status.
 * The commands against the real bounty-service (outcomes and the service's refusals) run in stack-tests'
 * {@code BountyCliIT}.
 */
class BountyCommandTest {
    private static final ObjectMapper JSON = CliJson.mapper();
    private static final Instant NOW = Instant.parse("2027-01-01T00:00:00Z");

    @TempDir
    Path tmp;

    private CliRun cli() {
        return CliRun.with().env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                .env("ENVHUB_BOUNTY_URL", "http://127.0.0.1:9");
    }

    @Test
    void everyBountyCommandHasHelpWithAnExample() {
        for (String sub : List.of("list", "show", "apply", "submit", "status")) {
            CliRun.Result r = cli().run("bounty", sub, "--help");
            assertEquals(0, r.exitCode(), sub + ": " + r);
            assertTrue(r.out().contains("Example"), sub + " help has an example: " + r.out());
            assertTrue(r.out().contains("--bounty-url"), sub + " help names --bounty-url: " + r.out());
            assertTrue(r.out().contains("--json"), sub + " help names --json: " + r.out());
        }
    }

    @Test
    void usageErrorsExitWithTwo() {
        CliRun.Result tier = cli().run("bounty", "list", "--tier", "gold");
        assertEquals(ExitCodes.USAGE, tier.exitCode(), tier.toString());
        assertTrue(tier.errorLine().contains("--tier must be open_access or application_only"), tier.toString());
        CliRun.Result noProposal = cli().run("bounty", "apply", "12");
        assertEquals(ExitCodes.USAGE, noProposal.exitCode(), noProposal.toString());
        CliRun.Result badId = cli().run("bounty", "show", "twelve");
        assertEquals(ExitCodes.USAGE, badId.exitCode(), badId.toString());
    }

    @Test
    void anUnreachableBountyServiceIsANetworkProblem() {
        CliRun.Result r = cli().run("bounty", "list", "--bounty-url", "http://127.0.0.1:9");
        assertEquals(ExitCodes.NETWORK_OR_AUTH, r.exitCode(), r.toString());
        assertTrue(r.errorLine().contains("127.0.0.1:9"), r.toString());
    }

    @Test
    void applyingReadsTheProposalBeforeAskingForASession() throws Exception {
        CliRun.Result missing = cli().run("bounty", "apply", "12", "--proposal", tmp.resolve("nope.md").toString());
        assertEquals(ExitCodes.LOCAL, missing.exitCode(), missing.toString());
        Path big = tmp.resolve("big.md");
        Files.writeString(big, "x".repeat(10 * 1024 + 1));
        CliRun.Result tooBig = cli().run("bounty", "apply", "12", "--proposal", big.toString());
        assertEquals(ExitCodes.LOCAL, tooBig.exitCode(), tooBig.toString());
        assertTrue(tooBig.errorLine().contains("10 KB"), tooBig.toString());
        Path ok = tmp.resolve("ok.md");
        Files.writeString(ok, "I will build it.");
        CliRun.Result anonymous = cli().run("bounty", "apply", "12", "--proposal", ok.toString());
        assertEquals(ExitCodes.NETWORK_OR_AUTH, anonymous.exitCode(), anonymous.toString());
        assertTrue(anonymous.errorLine().contains("envhub login"), anonymous.toString());
    }

    @Test
    void rewardsAreFormattedInTheirCurrency() {
        assertEquals("1,500 USD", BountyText.money(150_000, "USD"));
        assertEquals("120.50 EUR", BountyText.money(12_050, "EUR"));
        assertEquals("5,000 JPY", BountyText.money(5_000, "JPY"));
        assertEquals("2.50 XXY", BountyText.money(250, "XXY"));
    }

    @Test
    void deadlinesReadAsACountdown() {
        assertEquals("12 days left", BountyText.countdown("2027-01-13T00:00:00Z", NOW));
        assertEquals("5 hours left", BountyText.countdown("2027-01-01T05:30:00Z", NOW));
        assertEquals("deadline passed", BountyText.countdown("2026-12-31T00:00:00Z", NOW));
    }

    @Test
    void theListHasOneLinePerBounty() throws Exception {
        JsonNode page = JSON.readTree("""
                {"total":3,"page":1,"size":2,"items":[
                 {"id":7,"status":"open","title":"Clinical notes QA","domain":"medicine","tier":"application_only",
                  "rewardMinor":250000,"currency":"USD","maxAwards":2,"awardsGiven":1,"awardsLeft":1,
                  "deadline":"2027-01-31T00:00:00Z","sponsor":"sam"},
                 {"id":8,"status":"open","title":"Contract clauses","domain":"legal","tier":"open_access",
                  "rewardMinor":30000,"currency":"EUR","maxAwards":3,"awardsGiven":0,"awardsLeft":3,
                  "deadline":"2027-01-02T00:00:00Z","sponsor":"sam"}]}""");
        List<String> lines = BountyText.list(JSON.treeToValue(page, BountyPage.class), NOW);
        assertEquals(4, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(1).matches("7\\s+application only\\s+medicine\\s+2,500 USD\\s+30 days left\\s+1/2\\s+Clinical notes QA"),
                lines.get(1));
        assertTrue(lines.get(2).contains("300 EUR") && lines.get(2).contains("24 hours left"), lines.get(2));
        assertTrue(lines.get(3).contains("2 of 3"), lines.get(3));
        assertEquals(List.of("No bounties match."), BountyText.list(JSON.readValue("{\"items\":[]}", BountyPage.class), NOW));
    }

    @Test
    void statusShowsStatesAndTheLastReviewersComment() throws Exception {
        JsonNode apps = JSON.readTree("""
                [{"id":1,"bountyId":7,"bountyTitle":"Clinical notes QA","status":"accepted","decisionComment":"Go ahead"}]""");
        JsonNode subs = JSON.readTree("""
                [{"id":4,"bountyId":7,"bountyTitle":"Clinical notes QA","status":"changes_requested",
                  "environment":"alice/notes-qa","version":"0.1.0",
                  "reviews":[{"decision":"request_changes","comment":"Add  more\\nrows"}]}]""");
        List<String> lines = BountyText.status(List.of(JSON.treeToValue(apps, Application[].class)),
                List.of(JSON.treeToValue(subs, Submission[].class)));
        assertEquals("  bounty 7 'Clinical notes QA': accepted — \"Go ahead\"", lines.get(1));
        assertEquals("  #4 bounty 7 'Clinical notes QA': alice/notes-qa@0.1.0 changes requested — \"Add more rows\"",
                lines.get(3));
    }
}
