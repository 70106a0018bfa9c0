package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.EvalRunDirs;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.web.settings.SettingsBrowser;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An evaluation run in the report flow, against the real Keycloak and hub-backend: the run page's Report form, the
 * report in the admin queue linking to the run, the console's review page hiding the run from the leaderboard (the
 * run page says so) and showing it again; and runs on a yanked version staying visible and marked on the leaderboard
 * and the run page.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class EvalRunReportPagesTest {
    @TestHTTPResource("/")
    URL root;

    @TempDir
    Path tmp;

    @Test
    void aReportedRunIsHiddenFromTheLeaderboardByAnAdminAndShownAgain() {
        String name = "reported-run-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.0.0", "# " + name, List.of("text")), null);
        PageFixtures.validate("alice", name, "1.0.0", TrustBadgesBrowserTest.report("verified"));
        long good = EvalPagesBrowserTest.push("alice", "alice", name, "1.0.0", EvalRunDirs.write(tmp.resolve("g"), name,
                "honest/model", 2, 1, (e, r) -> 0.5, false));
        long bad = EvalPagesBrowserTest.push("sam", "alice", name, "1.0.0", EvalRunDirs.write(tmp.resolve("b"), name,
                "too-good/model", 2, 1, (e, r) -> 1.0, false));
        String target = "alice/" + name + "/evals/" + bad;
        String runPage = "/" + target;

        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        String page = alice.get(runPage).body();
        assertTrue(page.contains("<input type=\"hidden\" name=\"target\" value=\"" + target + "\">"), "a Report form: " + page);
        assertFalse(given().get(runPage).then().statusCode(200).extract().asString().contains("action=\"/me/reports\""),
                "no Report form for anonymous visitors");
        HttpResponse<String> sent = alice.post("/me/reports", Map.of("target", target, "reason", "broken-reward",
                "text", "a reward of 1.0 on every row"));
        assertEquals(200, sent.statusCode(), sent.body());
        assertTrue(sent.uri().getPath().endsWith("/me/reports"), sent.uri().toString());
        assertTrue(sent.body().contains("your report about evaluation run " + bad + " of alice/" + name), sent.body());
        alice.get(runPage);
        HttpResponse<String> again = alice.post("/me/reports", Map.of("target", target, "reason", "spam", "text", "again"));
        assertEquals(409, again.statusCode(), again.body());
        assertTrue(again.body().contains("already have an open report"), again.body());

        SettingsBrowser ada = SettingsBrowser.signIn(root.toString(), "ada");
        String queue = ada.get("/admin?kind=report&state=open").body();
        assertTrue(queue.contains("<a class=\"queue-target\" href=\"" + runPage + "\">" + target + "</a>"),
                "the queue item links the run: " + queue);
        assertTrue(queue.contains("href=\"/admin/review?target=alice%2F" + name + "%2Fevals%2F" + bad + "&amp;report="), queue);
        String review = ada.get("/admin/review?target=" + target).body();
        assertTrue(review.contains("<a href=\"" + runPage + "\">too-good/model on v1.0.0</a>"), review);
        assertTrue(review.contains("a reward of 1.0 on every row"), "the report is on the review page: " + review);

        HttpResponse<String> hidden = ada.post("/admin/evals/alice/" + name + "/" + bad + "/hide",
                Map.of("reason", "rewards made up", "back", "/admin/review?target=" + target));
        assertEquals(200, hidden.statusCode(), hidden.body());
        assertTrue(hidden.body().contains("is hidden from the leaderboards."), hidden.body());
        assertTrue(hidden.body().contains("<strong class=\"state-hidden\">hidden</strong>: rewards made up"), hidden.body());
        String board = given().get("/alice/{n}/evals", name).then().statusCode(200).extract().asString();
        assertFalse(board.contains(runPage + "\""), "gone from the leaderboard: " + board);
        assertTrue(board.contains("/alice/" + name + "/evals/" + good + "\""), board);
        String hiddenRun = given().get(runPage).then().statusCode(200).extract().asString();
        assertTrue(hiddenRun.contains("Hidden from the leaderboards by an admin: rewards made up."), hiddenRun);
        assertTrue(alice.get("/me/reports").body().contains("actioned"), "the reporter sees it was acted on");

        ada.get("/admin/review?target=" + target);
        HttpResponse<String> shown = ada.post("/admin/evals/alice/" + name + "/" + bad + "/unhide",
                Map.of("reason", "", "back", "/admin/review?target=" + target));
        assertTrue(shown.body().contains("is shown in the leaderboards again."), shown.body());
        assertTrue(given().get("/alice/{n}/evals", name).then().extract().asString().contains(runPage + "\""));
        assertFalse(given().get(runPage).then().extract().asString().contains("Hidden from the leaderboards"));
    }

    @Test
    void runsOnAYankedVersionStayVisibleAndMarked() {
        String name = "yanked-run-" + HubFixtures.unique();
        for (String version : List.of("1.0.0", "2.0.0")) {
            HubFixtures.push("alice", "alice", PageFixtures.wheel(name, version, "# " + name, List.of("text")), null);
            PageFixtures.validate("alice", name, version, TrustBadgesBrowserTest.report("verified"));
        }
        long id = EvalPagesBrowserTest.push("alice", "alice", name, "1.0.0", EvalRunDirs.write(tmp.resolve("y"), name,
                "some/model", 2, 1, (e, r) -> 0.5, false));
        given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice")).contentType("application/json")
                .body(Map.of("reason", "broken scorer")).post("/api/v1/environments/alice/{n}/versions/1.0.0/yank", name)
                .then().statusCode(200);
        String board = given().get("/alice/{n}/evals?version=1.0.0", name).then().statusCode(200).extract().asString();
        assertTrue(board.contains("/alice/" + name + "/evals/" + id + "\""), "the run is still on its version's board");
        assertTrue(board.contains("<span class=\"badge badge-yanked\">yanked</span>"), board);
        assertTrue(board.contains("This version is yanked: its results stay visible for the record."), board);
        assertTrue(board.contains("<option value=\"1.0.0\" selected>1.0.0 (yanked)</option>"), board);
        String latest = given().get("/alice/{n}/evals", name).then().statusCode(200).extract().asString();
        assertTrue(latest.contains("<option value=\"1.0.0\">1.0.0 (yanked)</option>"), "selectable from the default: " + latest);
        String run = given().get("/alice/{n}/evals/{id}", name, id).then().statusCode(200).extract().asString();
        assertTrue(run.contains("<span class=\"badge badge-yanked\">yanked version</span>"), run);
        assertTrue(run.contains("Version 1.0.0 is yanked: this run stays here for the record."), run);
    }
}
