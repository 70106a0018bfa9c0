package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.envhub.web.settings.SettingsBrowser;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Reports and moderation through the pages, against the real hub-backend (its admin API) and Keycloak: sam reports
 * alice's environment (a second open report is refused on the form), ada finds it in the queue, quarantines the
 * version with a reason (alice sees the reason on the version page), lifts it, dismisses the report with a note (sam
 * sees it), and the audit page shows each action with its actor and reason. Then the users page: sponsor role granted
 * and removed, and a suspended user's open session is refused with a page that says so.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class ModerationPagesTest {
    private static final Pattern REPORT_ID = Pattern.compile("action=\"/admin/reports/(\\d+)/dismiss\"");

    @TestHTTPResource("/")
    URL root;

    @Test
    void aReportIsQueuedAndTheVersionQuarantinedLiftedAndAudited() {
        String name = "flagme-" + HubFixtures.unique();
        String target = "alice/" + name + "@1.0.0";
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);

        SettingsBrowser sam = SettingsBrowser.signIn(root.toString(), "sam");
        HttpResponse<String> envPage = sam.get("/alice/" + name);
        assertTrue(envPage.body().contains("<details class=\"report-box\">"), "signed-in users get the report form");
        assertTrue(envPage.body().contains("name=\"target\" value=\"alice/" + name + "\""), envPage.body());
        HttpResponse<String> sent = sam.post("/me/reports", Map.of("target", "alice/" + name, "reason", "malware",
                "text", "setup.py opens a socket"));
        assertEquals(200, sent.statusCode(), sent.body());
        assertTrue(sent.uri().getPath().endsWith("/me/reports"), sent.uri().toString());
        assertTrue(sent.body().contains("your report about alice/" + name + " is with the admins"), sent.body());
        assertTrue(sent.body().contains("Malware or sandbox escape attempt"), sent.body());
        assertTrue(sent.body().contains("<span class=\"badge report-state\">open</span>"), sent.body());

        sam.get("/alice/" + name);
        HttpResponse<String> again = sam.post("/me/reports", Map.of("target", "alice/" + name, "reason", "spam", "text", "again"));
        assertEquals(409, again.statusCode(), again.body());
        assertTrue(again.body().contains("id=\"report-error\" role=\"alert\">"), again.body());
        assertTrue(again.body().contains(">again</textarea>"), "what sam typed stays in the form");

        SettingsBrowser ada = SettingsBrowser.signIn(root.toString(), "ada");
        HttpResponse<String> queue = ada.get("/admin?kind=report&state=open");
        assertEquals(200, queue.statusCode(), queue.body());
        String review = "/admin/review?target=" + URLEncoder.encode("alice/" + name, StandardCharsets.UTF_8);
        assertTrue(queue.body().contains("href=\"" + review + "&amp;report="), queue.body());
        assertTrue(queue.body().contains("setup.py opens a socket"), "the report's text is in the list");
        Matcher m = REPORT_ID.matcher(queue.body().substring(queue.body().indexOf(review)));
        assertTrue(m.find(), "the dismiss form is right there");
        String reportId = m.group(1);

        String versionReview = "/admin/review?target=" + URLEncoder.encode(target, StandardCharsets.UTF_8);
        ada.get(versionReview);
        HttpResponse<String> noReason = ada.post("/admin/versions/alice/" + name + "/1.0.0/quarantine",
                Map.of("reason", " ", "back", versionReview));
        assertTrue(noReason.body().contains("Give the reason for the quarantine"), noReason.body());
        HttpResponse<String> quarantined = ada.post("/admin/versions/alice/" + name + "/1.0.0/quarantine",
                Map.of("reason", "opens a socket at import", "back", versionReview));
        assertEquals(200, quarantined.statusCode(), quarantined.body());
        assertTrue(quarantined.body().contains("quarantined: it is out of the index"), quarantined.body());
        assertTrue(quarantined.body().contains("id=\"lift-quarantine\""), "the page now offers to lift it");
        assertTrue(version(name).getBoolean("quarantined"));

        HttpResponse<String> owner = SettingsBrowser.signIn(root.toString(), "alice").get("/alice/" + name + "/versions/1.0.0");
        assertEquals(200, owner.statusCode(), owner.body());
        assertTrue(owner.body().contains("id=\"quarantine-notice\""), owner.body());
        assertTrue(owner.body().contains("<span class=\"quarantine-reason\">opens a socket at import</span>"), owner.body());

        ada.get(versionReview);
        HttpResponse<String> lifted = ada.post("/admin/versions/alice/" + name + "/1.0.0/lift",
                Map.of("reason", "false alarm: the socket is a unix pipe in tests", "back", versionReview));
        assertTrue(lifted.body().contains("Quarantine of alice/" + name + " 1.0.0 lifted."), lifted.body());
        assertFalse(version(name).getBoolean("quarantined"));

        ada.get("/admin");
        HttpResponse<String> dismissed = ada.post("/admin/reports/" + reportId + "/dismiss",
                Map.of("note", "checked: no network access", "back", "/admin"));
        assertTrue(dismissed.body().contains("Report " + reportId + " dismissed."), dismissed.body());
        HttpResponse<String> mine = sam.get("/me/reports");
        assertTrue(mine.body().contains("<span class=\"badge report-state\">dismissed</span>"), mine.body());
        assertTrue(mine.body().contains("checked: no network access"), "sam sees the admin's note");

        HttpResponse<String> audit = ada.get("/admin/audit?target=" + URLEncoder.encode(target, StandardCharsets.UTF_8));
        assertEquals(200, audit.statusCode(), audit.body());
        String html = audit.body();
        assertTrue(html.contains("<code>version.quarantine</code>"), html);
        assertTrue(html.contains("<code>version.unquarantine</code>"), html);
        assertTrue(html.contains("<td class=\"audit-actor\">ada</td>"), html);
        assertTrue(html.contains("opens a socket at import"), html);
        assertTrue(html.contains("false alarm: the socket is a unix pipe in tests"), html);
        assertTrue(html.indexOf("version.unquarantine") < html.indexOf("version.quarantine</code>"), "newest first");
    }

    @Test
    void theUsersPageGrantsSponsorAndASuspendedSessionIsRefused() {
        String user = "susp" + HubFixtures.unique();
        Tokens.ensureUser(user);
        SettingsBrowser victim = SettingsBrowser.signIn(root.toString(), user);
        SettingsBrowser ada = SettingsBrowser.signIn(root.toString(), "ada");
        String back = "/admin/users?q=" + user;
        HttpResponse<String> found = ada.get(back);
        assertEquals(200, found.statusCode(), found.body());
        assertTrue(found.body().contains("<h2>" + user + "</h2>"), found.body());
        HttpResponse<String> granted = ada.post("/admin/users/" + user + "/roles/sponsor/grant", Map.of("back", back));
        assertTrue(granted.body().contains(user + " is now a sponsor."), granted.body());
        assertTrue(granted.body().contains("Remove the sponsor role"), granted.body());
        HttpResponse<String> removed = ada.post("/admin/users/" + user + "/roles/sponsor/remove", Map.of("back", back));
        assertTrue(removed.body().contains("Grant the sponsor role"), removed.body());

        HttpResponse<String> suspended = ada.post("/admin/users/" + user + "/suspend", Map.of("reason", "spam", "back", back));
        assertTrue(suspended.body().contains("state-suspended"), suspended.body());
        // a session checked a moment ago is asked again within SuspendedAccounts.TTL (10 s)
        HttpResponse<String> refused = victim.get("/settings/profile");
        for (int i = 0; i < 15 && refused.statusCode() != 403; i++) {
            sleep();
            refused = victim.get("/settings/profile");
        }
        assertEquals(403, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("Account suspended"), refused.body());
        assertTrue(refused.body().contains("you have been signed out"), refused.body());

        ada.get(back);
        HttpResponse<String> unsuspended = ada.post("/admin/users/" + user + "/unsuspend", Map.of("back", back));
        assertTrue(unsuspended.body().contains(user + " may sign in again."), unsuspended.body());
    }

    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static JsonPath version(String name) {
        return given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice"))
                .get("/api/v1/environments/alice/{n}/versions/1.0.0", name).then().statusCode(200).extract().jsonPath();
    }
}
