package io.envhub.web.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.api.HubEvalRequest;
import io.envhub.contract.api.HubEvalRun;
import io.envhub.web.settings.ApiProblem;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The hub-run form: one error per field, the API's refusal next to the field it names, the request it sends, the key never kept. */
class HubRunFormTest {
    private static final String KEY = "sk-test-Secret-0123456789";

    @Test
    void everyBadFieldHasItsOwnMessage() {
        HubRunForm form = HubRunForm.of("ftp://example.com/v1", " ", "0", "x", "2.5", "-1").checked("k".repeat(5000));
        assertEquals(Set.of("baseUrl", "model", "apiKey", "examples", "rollouts", "temperature", "maxTokens"),
                form.errors().keySet());
        assertTrue(form.error("baseUrl").contains("http:// or https://"), form.error("baseUrl"));
        assertEquals("Examples is a whole number from 1 to 10000.", form.error("examples"));
        assertTrue(form.open(), "a refused form is shown unfolded");
        assertTrue(HubRunForm.of("", "", "", "", "", "").checked(null).error("baseUrl").startsWith("Give the endpoint"));
        assertTrue(HubRunForm.of("https://user:pw@example.com/v1", "m", "1", "1", "", "").checked(null).has("baseUrl"),
                "a URL carrying credentials is refused: the key goes in its own field");
    }

    @Test
    void aGoodFormSendsTheRequestAndNeverHoldsTheKey() {
        HubRunForm form = HubRunForm.of(" https://api.example.com/v1 ", "gpt-4.1-mini", "5", "2", "0.7", "512").checked(KEY);
        assertTrue(form.errors().isEmpty(), form.errors().toString());
        HubEvalRequest request = form.request(KEY);
        assertEquals("https://api.example.com/v1", request.baseUrl());
        assertEquals(KEY, request.apiKey());
        assertEquals(5, request.examples());
        assertEquals(2, request.rolloutsPerExample());
        assertEquals(Map.of("temperature", 0.7, "max_tokens", 512), request.sampling());
        assertFalse(form.toString().contains(KEY), "the form state (shown again on refusal) has no key");
        assertFalse(request.toString().contains(KEY), "the request prints no key");
        HubEvalRequest bare = HubRunForm.of("http://127.0.0.1:8000/v1", "m", "1", "1", "", "").checked("  ").request("  ");
        assertNull(bare.apiKey(), "a blank key is sent as none");
        assertEquals(Map.of(), bare.sampling(), "blank sampling fields: the endpoint's defaults");
    }

    @Test
    void theApiRefusalGoesNextToTheFieldItNames() {
        HubRunForm form = HubRunForm.of("https://api.example.com/v1", "m", "5", "1", "0.7", "512");
        assertEquals("baseUrl", HubRunForm.fieldOf(new ApiProblem(400, "eval-host-not-allowed",
                "The model endpoint's host 'api.example.com' is not allowed")));
        assertEquals("model", HubRunForm.fieldOf(new ApiProblem(400, "invalid-request", "'model' is required")));
        assertEquals("rollouts", HubRunForm.fieldOf(new ApiProblem(400, "invalid-request",
                "'rolloutsPerExample' must be at least 1.")));
        assertEquals("maxTokens", HubRunForm.fieldOf(new ApiProblem(400, "invalid-request", "Unknown sampling argument 'max_tokens'")));
        HubRunForm refused = form.refused(new ApiProblem(409, "version-not-runnable", "alice/x 1.0 is yanked: it cannot be run."));
        assertEquals(Map.of("form", "alice/x 1.0 is yanked: it cannot be run."), refused.errors());
        assertEquals("https://api.example.com/v1", refused.baseUrl(), "what was typed stays");
    }

    @Test
    void progressReadsTheRun() {
        HubRunView live = new HubRunView(new HubEvalRun("ab12", "running", 3, 8, 0.5, "hub-run", "m", null, null),
                "alice", "env", "1.0.0", false, null);
        assertTrue(live.refresh());
        assertEquals(38, live.percent());
        assertEquals("0.500", live.meanReward());
        assertNull(live.resultHref());
        assertEquals("/alice/env/versions/1.0.0/evals/runs/ab12", live.href());
        assertFalse(new HubRunView(live.run(), "alice", "env", "1.0.0", true, null).refresh(),
                "no refresh while asking to confirm the cancel");
        HubRunView done = new HubRunView(new HubEvalRun("ab12", "finished", 8, 8, 0.625, "hub-run", "m", null, 42L),
                "alice", "env", "1.0.0", false, null);
        assertFalse(done.refresh());
        assertEquals("/alice/env/evals/42", done.resultHref());
        HubRunView queued = new HubRunView(HubEvalRun.queued("ab12"), "alice", "env", "1.0.0", false, null);
        assertEquals(0, queued.percent());
        assertEquals("—", queued.meanReward());
    }
}
