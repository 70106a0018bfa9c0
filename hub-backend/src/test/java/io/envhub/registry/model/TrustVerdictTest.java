package io.envhub.registry.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.Verdict.TrustFlag;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict mapping for every combination of status and report. */
class TrustVerdictTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode report(String status, boolean runtimeVerified) {
        ObjectNode r = JSON.createObjectNode().put("status", status).put("runtimeVerified", runtimeVerified)
                .put("summary", "summary line");
        ArrayNode checks = r.putArray("checks");
        check(checks, "static.archive", "pass", "archive checked");
        r.putObject("trust").putArray("flags");
        return r;
    }

    private static void check(ArrayNode checks, String id, String status, String message) {
        checks.addObject().put("id", id).put("status", status).put("message", message).put("durationMs", 1);
    }

    @Test
    void validatedWithRuntimeAndNoFlagsIsVerified() {
        Verdict v = TrustVerdict.of("validated", report("validated", true), null);
        assertEquals("verified", v.trustStatus());
        assertEquals("verified", v.statusLabel());
        assertTrue(v.runtimeVerified());
        assertEquals(List.of(), v.trustFlags());
        assertNull(v.statusReason());
    }

    @Test
    void validatedWithFlagsIsFlaggedAndEachFlagGetsItsCode() {
        ObjectNode r = report("validated", true);
        ArrayNode flags = (ArrayNode) r.path("trust").path("flags");
        flags.add("reward hacking: the empty completion scores 0.90, close to the best score 1.00");
        flags.add("not deterministic: 3 of 12 probe scores differ between two sandbox runs");
        flags.add("top-level files outside the module: pyproject.toml");
        ((ObjectNode) r.get("trust")).putArray("contamination").addObject().put("owner", "bob").put("name", "secret")
                .put("version", "1.0").put("overlap", 0.667);
        Verdict v = TrustVerdict.of("validated", r, null);
        assertEquals("flagged", v.trustStatus());
        assertEquals("verified with 4 flags", v.statusLabel());
        assertTrue(v.runtimeVerified());
        assertEquals(List.of(
                new TrustFlag("reward-hacking", "the empty completion scores 0.90, close to the best score 1.00"),
                new TrustFlag("non-deterministic", "3 of 12 probe scores differ between two sandbox runs"),
                new TrustFlag("top-level-files", "top-level files outside the module: pyproject.toml"),
                new TrustFlag("dataset-overlap", "67% of the dataset's rows appear in another environment's dataset")),
                v.trustFlags());
        assertFalse(v.trustFlags().get(3).message().contains("secret"), "the other environment is never named");
        assertNull(v.statusReason());
    }

    @Test
    void trustV2FindingsGiveTheirFlagsTheCategorysCode() {
        ObjectNode r = report("validated", true);
        ArrayNode flags = (ArrayNode) r.path("trust").path("flags");
        ArrayNode findings = ((ObjectNode) r.get("trust")).putArray("findings");
        String[][] cases = {
            {"sparsity", "the reward does not reward correct answers: the reference answer scores on 1 of 35 rows"},
            {"diversity", "low diversity: 35 rows have only 1 distinct prompt"},
            {"hacking", "reward hacking: a reply listing every integer from 0 to 100 scores 1.000"},
            {"determinism", "not deterministic: 3 of 20 scores differ between two runs"},
        };
        for (String[] c : cases) {
            flags.add(c[1]);
            findings.addObject().put("category", c[0]).put("probe", "p").put("message", c[1]);
        }
        flags.add("a message with no finding");
        assertEquals(List.of(
                new TrustFlag("sparse-reward", cases[0][1]),
                new TrustFlag("low-diversity", cases[1][1]),
                new TrustFlag("reward-hacking", "a reply listing every integer from 0 to 100 scores 1.000"),
                new TrustFlag("non-deterministic", "3 of 20 scores differ between two runs"),
                new TrustFlag("other", "a message with no finding")), TrustVerdict.of("validated", r, null).trustFlags());
    }

    @Test
    void oneFlagIsSingularAndUnknownWarningsAreKeptAsOther() {
        ObjectNode r = report("validated", true);
        ((ArrayNode) r.path("trust").path("flags")).add("the rubric failed on 2 rows of the junk completion: ValueError");
        Verdict one = TrustVerdict.of("validated", r, null);
        assertEquals("verified with 1 flag", one.statusLabel());
        assertEquals("reward-hacking", one.trustFlags().get(0).code());
        ((ArrayNode) r.path("trust").path("flags")).add("something new");
        assertEquals(new TrustFlag("other", "something new"), TrustVerdict.of("validated", r, null).trustFlags().get(1));
        ObjectNode contamination = report("validated", true);
        ArrayNode matches = ((ObjectNode) contamination.get("trust")).putArray("contamination");
        matches.addObject().put("overlap", 0.5);
        matches.addObject().put("overlap", 0.91);
        assertEquals("up to 91% of the dataset's rows appear in 2 other environments' datasets",
                TrustVerdict.of("validated", contamination, null).trustFlags().get(0).message());
    }

    @Test
    void aTopLevelFilesWarningCheckIsAFlagToo() {
        ObjectNode r = report("validated", true);
        check((ArrayNode) r.get("checks"), "static.top_level_files", "warn", "installs pyproject.toml into site-packages");
        Verdict v = TrustVerdict.of("validated", r, null);
        assertEquals("flagged", v.trustStatus());
        assertEquals(List.of(new TrustFlag("top-level-files", "installs pyproject.toml into site-packages")), v.trustFlags());
    }

    @Test
    void runtimeSkippedWithSkipReasonIsStaticOnlyWithThatReason() {
        ObjectNode r = report("validated", false);
        r.put("skipReason", "missing dependency: verifiers>=0.1.5, datasets (no wheel from the configured index)");
        check((ArrayNode) r.get("checks"), "runtime.import", "skip", "dependency verifiers not available");
        Verdict v = TrustVerdict.of("validated", r, null);
        assertEquals("static-only", v.trustStatus());
        assertEquals("static checks only", v.statusLabel());
        assertFalse(v.runtimeVerified());
        assertEquals("missing dependency: verifiers>=0.1.5, datasets (no wheel from the configured index)", v.statusReason());
    }

    @Test
    void runtimeSkippedWithoutSkipReasonNamesTheSkippedRuntimeChecksMessagesOnce() {
        ObjectNode r = report("validated", false);
        ArrayNode checks = (ArrayNode) r.get("checks");
        check(checks, "runtime.import", "skip", "needs network access to huggingface.co");
        check(checks, "runtime.load", "skip", "needs network access to huggingface.co");
        check(checks, "trust.reward_hacking", "skip", "not run: something else");
        Verdict v = TrustVerdict.of("validated", r, null);
        assertEquals("static-only", v.trustStatus());
        assertEquals("needs network access to huggingface.co", v.statusReason());
        ((ArrayNode) r.get("checks")).removeAll();
        assertEquals("the runtime checks did not run", TrustVerdict.of("validated", r, null).statusReason());
        // flags of a static-only version are listed, but it stays static-only
        ((ArrayNode) r.path("trust").path("flags")).add("top-level files: pyproject.toml");
        Verdict flagged = TrustVerdict.of("validated", r, null);
        assertEquals("static-only", flagged.trustStatus());
        assertEquals(1, flagged.trustFlags().size());
    }

    @Test
    void failedNamesTheFirstFailingCheck() {
        ObjectNode r = report("failed", false);
        ArrayNode checks = (ArrayNode) r.get("checks");
        check(checks, "static.entry_point", "fail", "no load_environment in reverse_text");
        check(checks, "runtime.import", "fail", "second failure");
        Verdict v = TrustVerdict.of("failed", r, null);
        assertEquals("failed", v.trustStatus());
        assertEquals("failed", v.statusLabel());
        assertEquals("static.entry_point: no load_environment in reverse_text", v.statusReason());
        ((ArrayNode) r.get("checks")).removeAll();
        assertEquals("summary line", TrustVerdict.of("failed", r, null).statusReason());
    }

    @Test
    void pendingAndValidatingAreValidating() {
        for (String status : List.of("pending", "validating")) {
            Verdict v = TrustVerdict.of(status, null, "an old error");
            assertEquals("validating", v.trustStatus());
            assertEquals("validating", v.statusLabel());
            assertFalse(v.runtimeVerified());
            assertEquals(List.of(), v.trustFlags());
            assertNull(v.statusReason());
        }
    }

    @Test
    void errorCarriesTheLastInfrastructureError() {
        Verdict v = TrustVerdict.of("error", null, "disk full\n  on worker w-3");
        assertEquals("error", v.trustStatus());
        assertEquals("error", v.statusLabel());
        assertEquals("disk full on worker w-3", v.statusReason());
        assertEquals("validation failed for infrastructure reasons", TrustVerdict.of("error", null, null).statusReason());
    }

    @Test
    void validatedWithoutAReportIsStaticOnly() {
        Verdict v = TrustVerdict.of("validated", null, null);
        assertEquals("static-only", v.trustStatus());
        assertEquals("the runtime checks did not run", v.statusReason());
    }
}
