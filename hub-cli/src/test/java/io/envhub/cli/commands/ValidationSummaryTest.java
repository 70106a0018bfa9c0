package io.envhub.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.core.ExitCodes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The push summary's lines and exit codes for each verdict, from hub answers written as the contract shapes them. */
class ValidationSummaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PAGE = "https://hub.example/alice/env/versions/1.0.0";

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text.replace('\'', '"'));
    }

    @Test
    void staticOnlyNamesWhyTheRuntimeDidNotRunAndStrictMakesItExitFive() throws Exception {
        JsonNode version = json("{'status':'validated','trustStatus':'static-only','statusLabel':'static checks only',"
                + "'runtimeVerified':false,'trustFlags':[],'statusReason':'missing dependency: verifiers>=0.1.5'}");
        JsonNode report = json("{'checks':[{'id':'static.archive','status':'pass','message':'ok'},"
                + "{'id':'runtime.import','status':'skip','message':'not run: missing dependency'},"
                + "{'id':'static.readme','status':'warn','message':'README is short'}]}");
        assertEquals(List.of("Status: static checks only", "  ! static.readme: README is short",
                "  runtime not run: missing dependency: verifiers>=0.1.5", "Report: " + PAGE),
                ValidationSummary.lines(version, report, PAGE));
        ValidationWait.Result r = new ValidationWait.Result("validated", "static-only", true, "", version, PAGE);
        assertEquals(ExitCodes.OK, r.exitCode(false));
        assertEquals(ExitCodes.WARNINGS, r.exitCode(true));
    }

    @Test
    void flagsAreListedAfterTheChecks() throws Exception {
        JsonNode version = json("{'status':'validated','trustStatus':'flagged','statusLabel':'verified with 2 flags',"
                + "'trustFlags':[{'code':'reward-hacking','message':'empty completions score 1.0 of the best'},"
                + "{'code':'non-deterministic','message':'3 of 20 scores differ'}]}");
        JsonNode report = json("{'checks':[{'id':'trust.reward_hacking','status':'warn','message':'the empty completion'}]}");
        assertEquals(List.of("Status: verified with 2 flags", "  ! trust.reward_hacking: the empty completion",
                "  ⚑ reward-hacking: empty completions score 1.0 of the best", "  ⚑ non-deterministic: 3 of 20 scores differ",
                "Report: " + PAGE), ValidationSummary.lines(version, report, PAGE));
    }

    @Test
    void trustFindingsArePrintedWithTheirCategoryAndFixHintInsteadOfTheBareFlags() throws Exception {
        JsonNode version = json("{'status':'validated','trustStatus':'flagged','statusLabel':'verified with 2 flags',"
                + "'trustFlags':[{'code':'reward-hacking','message':'a reply listing 41 numbers scores 1.0'},"
                + "{'code':'benchmark-overlap','message':'40 % of rows overlap gsm8k-test'}]}");
        JsonNode report = json("{'checks':[{'id':'runtime.rewards','status':'pass','message':'5 rows scored'}],"
                + "'trust':{'flags':['reward hacking: a reply listing 41 numbers scores 1.0'],'findings':["
                + "{'category':'hacking','probe':'answer-spraying','message':'a reply listing 41 numbers scores 1.0',"
                + "'hint':'Compare the final answer only, not any number in the reply.','row':3,'prompt':'What is 6 x 7?',"
                + "'reply':'40 41 42 43','score':1.0,'referenceScore':1.0},"
                + "{'category':'contamination','probe':'benchmark-overlap','message':'40 % of rows overlap gsm8k-test',"
                + "'hint':'Remove gsm8k-test test items from the dataset.','score':0.4}]}}");
        assertEquals(List.of("Status: verified with 2 flags",
                "  ⚑ hacking: a reply listing 41 numbers scores 1.0",
                "      fix: Compare the final answer only, not any number in the reply.",
                "  ⚑ contamination: 40 % of rows overlap gsm8k-test",
                "      fix: Remove gsm8k-test test items from the dataset.",
                "Report: " + PAGE), ValidationSummary.lines(version, report, PAGE));
    }

    @Test
    void failedShowsItsFailingCheckAndAnErrorItsReason() throws Exception {
        JsonNode failed = json("{'status':'failed','trustStatus':'failed','statusLabel':'failed',"
                + "'statusReason':'runtime.load_environment: load_environment() raised RuntimeError: x'}");
        JsonNode report = json("{'checks':[{'id':'runtime.load_environment','status':'fail',"
                + "'message':'load_environment() raised RuntimeError: x'}]}");
        assertEquals(List.of("Status: failed", "  ✗ runtime.load_environment: load_environment() raised RuntimeError: x",
                "Report: " + PAGE), ValidationSummary.lines(failed, report, PAGE));
        assertEquals(ExitCodes.REFUSED, new ValidationWait.Result("failed", "failed", true, "", failed, PAGE).exitCode(false));

        JsonNode error = json("{'status':'error','trustStatus':'error','statusLabel':'error',"
                + "'statusReason':'sandbox unavailable'}");
        assertEquals(List.of("Status: error", "  reason: sandbox unavailable", "Report: " + PAGE),
                ValidationSummary.lines(error, null, PAGE));
        assertEquals(ExitCodes.REFUSED, new ValidationWait.Result("error", "error", true, "", error, PAGE).exitCode(true));
    }

    @Test
    void verifiedPassesEvenWithStrictButAnUnfinishedValidationDoesNot() throws Exception {
        JsonNode version = json("{'status':'validated','trustStatus':'verified','statusLabel':'verified','trustFlags':[]}");
        assertEquals(List.of("Status: verified", "Report: " + PAGE), ValidationSummary.lines(version, json("{'checks':[]}"), PAGE));
        assertEquals(ExitCodes.OK, new ValidationWait.Result("validated", "verified", true, "", version, PAGE).exitCode(true));
        ValidationWait.Result pending = new ValidationWait.Result("pending", null, false, "", version, PAGE);
        assertEquals(ExitCodes.OK, pending.exitCode(false));
        assertEquals(ExitCodes.WARNINGS, pending.exitCode(true));
    }

    @Test
    void anInternalStatusIsNeverShownOnlyTheVerdict() throws Exception {
        // one status vocabulary (issue 36): an answer without a verdict says unknown, never the internal 'validated'
        assertEquals(List.of("Status: unknown", "Report: " + PAGE),
                ValidationSummary.lines(json("{'status':'validated'}"), null, PAGE));
        assertEquals("Status: verified", ValidationSummary.lines(
                json("{'status':'validated','trustStatus':'verified','statusLabel':'verified'}"), null, PAGE).get(0));
    }
}
