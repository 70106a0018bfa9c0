package io.envhub.web.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.web.evaluation.EvalViews.RunSummary;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.VersionSummary;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The leaderboard's rows (best run per model, default version, sorting) and the rollout messages (sanitised). */
class LeaderboardTest {
    private static final OffsetDateTime T0 = OffsetDateTime.parse("2026-12-01T10:00:00Z");

    static RunSummary run(long id, String version, String model, double reward, int rollouts, int minutes) {
        return run(id, version, model, reward, 10, 1, minutes, rollouts);
    }

    static RunSummary run(long id, String version, String model, double reward, int examples, int perExample, int minutes,
                          int rollouts) {
        return new RunSummary(id, "alice", "env", version, false, model, null, null, examples, perExample, rollouts, reward, 0,
                null, null, null, null, null, "alice", T0.plusMinutes(minutes), "self-reported", "verifiers-v0");
    }

    static VersionSummary version(String v, String status, boolean yanked) {
        String trust = "validated".equals(status) ? "verified" : "pending".equals(status) ? "validating" : status;
        return new VersionSummary(v, yanked, null, T0, null, null, null, new Verdict(trust, null, false, null, null), false, null);
    }

    @Test
    void oneRowPerModelItsBestRunOnTheNewestValidatedVersion() {
        List<VersionSummary> versions = List.of(version("3.0", "pending", false), version("2.0", "validated", false),
                version("1.0", "validated", true));
        List<RunSummary> runs = List.of(run(1, "2.0", "a", 0.5, 10, 0), run(2, "2.0", "a", 0.7, 4, 1),
                run(3, "2.0", "b", 0.9, 20, 2), run(4, "1.0", "c", 1.0, 5, 3));
        Leaderboard board = Leaderboard.of(runs, versions, null, null, null);
        assertEquals("2.0", board.version());
        assertEquals(List.of(3L, 2L), board.rows().stream().map(r -> r.best().id()).toList());
        assertEquals(List.of(1, 2), board.rows().stream().map(Leaderboard.Row::rank).toList());
        assertEquals(List.of(1, 2), board.rows().stream().map(Leaderboard.Row::runs).toList());
        assertEquals(List.of("2.0", "1.0"), board.versions(), "versions with runs or validated ones");
        assertEquals(3, board.totalRuns());

        Leaderboard byModel = Leaderboard.of(runs, versions, "2.0", "model", null);
        assertEquals(List.of("a", "b"), byModel.rows().stream().map(r -> r.best().model()).toList());
        assertEquals(List.of(2, 1), byModel.rows().stream().map(Leaderboard.Row::rank).toList(), "rank stays by reward");
        assertEquals("?version=2.0&setting=10x1&sort=model&order=desc", byModel.sortHref("model"));
        assertEquals("ascending", byModel.ariaSort("model"));
        assertEquals("none", byModel.ariaSort("reward"));

        Leaderboard yanked = Leaderboard.of(runs, versions, "1.0", "rollouts", "asc");
        assertTrue(yanked.versionYanked());
        assertEquals(List.of(4L), yanked.rows().stream().map(r -> r.best().id()).toList());
    }

    @Test
    void aRunOfAnotherSettingNeverBecomesAModelsEntry() {
        List<VersionSummary> versions = List.of(version("1.0", "validated", false));
        List<RunSummary> runs = List.of(run(1, "1.0", "a", 0.6, 50, 3, 0, 150), run(2, "1.0", "b", 0.5, 50, 3, 1, 150),
                run(3, "1.0", "a", 1.0, 1, 1, 2, 1), run(4, "1.0", "c", 0.9, 1, 1, 3, 1));
        Leaderboard board = Leaderboard.of(runs, versions, null, null, null, null);
        assertEquals("50x3", board.setting(), "the setting most models ran");
        assertEquals(List.of(1L, 2L), board.rows().stream().map(r -> r.best().id()).toList(),
                "model a's entry is its run on 50 × 3, not its perfect run on a single example");
        assertEquals(2, board.totalRuns());
        assertEquals(List.of("50x3", "1x1"), board.settings().stream().map(Leaderboard.Setting::key).toList());

        Leaderboard single = Leaderboard.of(runs, versions, null, null, null, "1x1");
        assertEquals(List.of(3L, 4L), single.rows().stream().map(r -> r.best().id()).toList());
        assertEquals("?version=1.0&setting=1x1&sort=reward", single.settingHref("1x1"));
        assertEquals("50x3", Leaderboard.of(runs, versions, null, null, null, "7x7").setting(), "an unknown setting: the default");
    }

    @Test
    void rolloutMessagesAreShownAsSentTagsIncluded() throws Exception {
        var chat = new ObjectMapper().readTree("[{\"role\": \"user\", \"content\": \"**bold** <script>alert(1)</script>\"},"
                + " {\"role\": \"assistant\", \"content\": [{\"type\": \"text\", \"text\": \"<think>hm</think><answer>42</answer>\"}]}]");
        List<RolloutView.Message> messages = RolloutView.messages(chat);
        assertEquals(2, messages.size());
        assertEquals("user", messages.get(0).role());
        assertEquals("**bold** <script>alert(1)</script>", messages.get(0).text(), "the template escapes it; nothing is removed");
        assertEquals("<think>hm</think><answer>42</answer>", messages.get(1).text());
        assertEquals(1, RolloutView.messages(new ObjectMapper().readTree("\"plain *text*\"")).size());
    }

    static RunSummary hubRun(long id, String version, String model, double reward, int examples, int perExample) {
        RunSummary r = run(id, version, model, reward, examples, perExample, (int) id, examples * perExample);
        return new RunSummary(r.id(), r.owner(), r.name(), r.version(), false, r.model(), null, null, examples, perExample,
                r.numRollouts(), reward, 0, null, null, null, null, null, "alice", r.createdAt(), "hub-run", "verifiers-v0");
    }

    @Test
    void hubRunOnlyRanksHubRunResultsAndKeepsTheSetting() {
        List<VersionSummary> versions = List.of(version("2.0", "validated", false), version("1.0", "validated", false));
        List<RunSummary> runs = List.of(run(1, "2.0", "a", 0.9, 5, 1, 0, 5), hubRun(2, "2.0", "a", 0.6, 5, 1),
                run(3, "2.0", "b", 0.8, 5, 1, 2, 5), run(4, "2.0", "c", 0.7, 10, 2, 3, 20), run(5, "1.0", "d", 0.1, 5, 1, 4, 5));
        Leaderboard all = Leaderboard.of(runs, versions, null, null, null, "5x1", null);
        assertEquals(List.of(1L, 3L), all.rows().stream().map(r -> r.best().id()).toList(), "a's best run is self-reported");
        assertFalse(all.hubRunOnly());

        Leaderboard hub = Leaderboard.of(runs, versions, null, null, null, "5x1", "hub-run");
        assertTrue(hub.hubRunOnly());
        assertEquals(List.of(2L), hub.rows().stream().map(r -> r.best().id()).toList(), "only the hub-run result");
        assertEquals("5x1", hub.setting());
        assertEquals(List.of("2.0", "1.0"), hub.versions(), "the version list is the same with the filter");
        assertTrue(hub.sortHref("model").endsWith("&provenance=hub-run"), hub.sortHref("model"));
        assertTrue(hub.settingHref("5x1").endsWith("&provenance=hub-run"));
        assertEquals("?version=2.0&setting=5x1&sort=reward", hub.provenanceHref(false));
        assertEquals("?version=2.0&setting=5x1&sort=reward&provenance=hub-run", all.provenanceHref(true));

        Leaderboard empty = Leaderboard.of(runs, versions, null, null, null, "10x2", "hub-run");
        assertEquals("10x2", empty.setting(), "a setting without hub-run results stays chosen: an empty board, not another setting");
        assertTrue(empty.rows().isEmpty());
        assertEquals("hub-run", Leaderboard.of(runs, versions, null, null, null, null, "hub-run").provenance());
        assertEquals("", Leaderboard.of(runs, versions, null, null, null, null, "nonsense").provenance(),
                "an unknown provenance filters nothing");
    }
}
