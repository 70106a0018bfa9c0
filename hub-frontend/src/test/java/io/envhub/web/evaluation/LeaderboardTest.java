package io.envhub.web.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.web.view.ReadmeRenderer;
import io.envhub.web.evaluation.EvalViews.RunSummary;
import io.envhub.web.hub.HubViews.VersionSummary;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The leaderboard's rows (best run per model, default version, sorting) and the rollout messages (sanitised). */
class LeaderboardTest {
    private static final OffsetDateTime T0 = OffsetDateTime.parse("2026-12-01T10:00:00Z");

    static RunSummary run(long id, String version, String model, double reward, int rollouts, int minutes) {
        return new RunSummary(id, "alice", "env", version, false, model, null, null, rollouts, 1, rollouts, reward, 0, null,
                null, null, null, null, "alice", T0.plusMinutes(minutes), "self-reported");
    }

    static VersionSummary version(String v, String status, boolean yanked) {
        String trust = "validated".equals(status) ? "verified" : "pending".equals(status) ? "validating" : status;
        return new VersionSummary(v, yanked, null, T0, null, null, null, trust, null, null, null, null, null, null);
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
        assertEquals("?version=2.0&sort=model&order=desc", byModel.sortHref("model"));
        assertEquals("ascending", byModel.ariaSort("model"));
        assertEquals("none", byModel.ariaSort("reward"));

        Leaderboard yanked = Leaderboard.of(runs, versions, "1.0", "rollouts", "asc");
        assertTrue(yanked.versionYanked());
        assertEquals(List.of(4L), yanked.rows().stream().map(r -> r.best().id()).toList());
    }

    @Test
    void rolloutMessagesAreRenderedAndSanitised() throws Exception {
        var chat = new ObjectMapper().readTree("[{\"role\": \"user\", \"content\": \"**bold** <script>alert(1)</script>"
                + "<img src=x onerror=alert(2)>\"}, {\"role\": \"assistant\", \"content\": [{\"type\": \"text\", \"text\": \"ok\"}]}]");
        List<RolloutView.Message> messages = RolloutView.messages(chat, new ReadmeRenderer());
        assertEquals(2, messages.size());
        assertEquals("user", messages.get(0).role());
        String html = messages.get(0).html();
        assertTrue(html.contains("<strong>bold</strong>"), html);
        assertFalse(html.contains("<script"), html);
        assertFalse(html.contains("onerror"), html);
        assertEquals("<p>ok</p>", messages.get(1).html().strip());
        assertEquals(1, RolloutView.messages(new ObjectMapper().readTree("\"plain *text*\""), new ReadmeRenderer()).size());
    }
}
