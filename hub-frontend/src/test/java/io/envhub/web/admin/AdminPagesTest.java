package io.envhub.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.web.HubBackendTestResource;
import io.envhub.web.HubFixtures;
import io.envhub.web.settings.SettingsBrowser;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The console's door, against the real Keycloak and hub-backend: every {@code /admin} route (pages and forms) answers
 * the site's normal 404 page to anonymous visitors and signed-in non-admins, and opens for ada (admin) with the
 * console's navigation. Also: the settings page an admin opens for another user's environment names whose it is.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class AdminPagesTest {
    /** Every page of the console. */
    static final List<String> PAGES = List.of("/admin", "/admin?kind=report&state=open", "/admin/review?target=alice/maze",
            "/admin/review?target=alice/maze@1.0.0", "/admin/review?target=bounty:1", "/admin/review?target=alice/maze/evals/1",
            "/admin/audit", "/admin/audit?actor=ada&from=2026-01-01", "/admin/users", "/admin/users?q=alice",
            "/admin/benchmarks");
    /** Every form of the console. */
    static final List<String> FORMS = List.of("/admin/reports/1/dismiss", "/admin/versions/alice/maze/1.0.0/quarantine",
            "/admin/versions/alice/maze/1.0.0/lift", "/admin/versions/alice/maze/1.0.0/revalidate",
            "/admin/versions/alice/maze/1.0.0/status", "/admin/environments/alice/maze/unlist",
            "/admin/environments/alice/maze/relist", "/admin/evals/alice/maze/1/hide", "/admin/evals/alice/maze/1/unhide",
            "/admin/evals/alice/maze/1/delete", "/admin/users/sam/suspend", "/admin/users/sam/unsuspend",
            "/admin/users/sam/roles/sponsor/grant", "/admin/users/sam/roles/sponsor/remove",
            "/admin/benchmarks/gsm8k-test/delete");

    @TestHTTPResource("/")
    URL root;

    private String base() {
        String r = root.toString();
        return r.endsWith("/") ? r.substring(0, r.length() - 1) : r;
    }

    @Test
    void anonymousVisitorsGetTheNormal404OnEveryAdminPage() {
        BrowserSession anonymous = new BrowserSession();
        for (String page : PAGES) {
            HttpResponse<String> res = anonymous.get(base() + page);
            assertEquals(404, res.statusCode(), page);
            assertTrue(res.body().contains("class=\"error-code\">404<"), page + ": the site's own 404 page");
            assertFalse(res.body().contains("admin-nav"), page);
        }
    }

    @Test
    void signedInNonAdminsGet404OnEveryPageAndForm() {
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        for (String page : PAGES) {
            HttpResponse<String> res = alice.get(page);
            assertEquals(404, res.statusCode(), page);
            assertTrue(res.body().contains("class=\"error-code\">404<"), page);
            assertFalse(res.body().contains("href=\"/admin\""), "no console link for alice: " + page);
        }
        for (String form : FORMS) {
            alice.get("/settings/tokens");
            HttpResponse<String> res = alice.post(form, Map.of("reason", "because", "note", "n", "status", "validated",
                    "back", "/admin"));
            assertEquals(404, res.statusCode(), form);
            assertTrue(res.body().contains("class=\"error-code\">404<"), form);
        }
        alice.get("/settings/tokens");
        HttpResponse<String> upload = alice.postFile("/admin/benchmarks", Map.of("name", "not-hers"), "items", "i.jsonl",
                "{\"question\": \"q\"}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(404, upload.statusCode(), "the upload form is the console's too");
    }

    @Test
    void adaRegistersAReferenceBenchmarkFromAFileSeesItsRecheckAndRemovesIt() {
        SettingsBrowser ada = SettingsBrowser.signIn(root.toString(), "ada");
        String name = "bench-" + HubFixtures.unique();
        StringBuilder jsonl = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            jsonl.append("{\"question\": \"A train leaves station ").append(i).append(" at noon and travels ").append(i * 7 + 3)
                    .append(" miles; how far is it from home after ").append(i + 2).append(" hours?\", \"answer\": \"")
                    .append(i).append("\"}\n");
        }
        assertEquals(200, ada.get("/admin/benchmarks").statusCode());
        HttpResponse<String> bad = ada.postFile("/admin/benchmarks", Map.of("name", name, "sourceUrl", "", "licence", ""),
                "items", "bad.jsonl", "not json\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(200, bad.statusCode(), bad.body());
        assertTrue(bad.uri().getPath().equals("/admin/benchmarks"), bad.uri().toString());
        assertTrue(bad.body().contains("class=\"notice-error\" role=\"alert\">") && bad.body().contains("line 1"),
                "the hub's refusal, naming the bad line, on the page: " + bad.body());
        assertFalse(bad.body().contains("id=\"benchmark-" + name + "\""), "nothing registered");

        HttpResponse<String> added = ada.postFile("/admin/benchmarks", Map.of("name", name, "sourceUrl",
                "https://example.org/bench", "licence", "CC-BY-4.0"), "items", "items.jsonl",
                jsonl.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(200, added.statusCode(), added.body());
        assertTrue(added.body().contains(name + " registered: 12 items fingerprinted"), added.body());
        String row = added.body().substring(added.body().indexOf("id=\"benchmark-" + name + "\""));
        row = row.substring(0, row.indexOf("</tr>"));
        assertTrue(row.contains("<td>12</td>") && row.contains("https://example.org/bench") && row.contains("CC-BY-4.0")
                && row.contains("by ada") && row.contains("reports"), row);
        assertTrue(added.body().contains("href=\"/admin/benchmarks\" aria-current=\"page\""), "the console's navigation");

        HttpResponse<String> removed = ada.post("/admin/benchmarks/" + name + "/delete", Map.of());
        assertTrue(removed.body().contains(name + " removed"), removed.body());
        assertFalse(removed.body().contains("id=\"benchmark-" + name + "\""), removed.body());
    }

    @Test
    void adaOpensTheConsoleWithItsNavigation() {
        SettingsBrowser ada = SettingsBrowser.signIn(root.toString(), "ada");
        HttpResponse<String> queue = ada.get("/admin");
        assertEquals(200, queue.statusCode(), queue.body());
        String html = queue.body();
        assertTrue(html.contains("<h1>Review queue</h1>"), html);
        for (String link : List.of("/admin", "/admin/audit", "/admin/users", "/admin/benchmarks", "/admin/funding", "/admin/payouts",
                "/admin/ledger")) {
            assertTrue(html.contains("href=\"" + link + "\""), "the console links " + link);
        }
        assertTrue(html.contains("<option value=\"report\">report</option>"), "filter by kind");
        assertTrue(html.contains("<option value=\"open\">open</option>"), "filter by state");
        assertEquals(200, ada.get("/admin/audit").statusCode());
        HttpResponse<String> badDate = ada.get("/admin/audit?from=yesterday");
        assertEquals(200, badDate.statusCode());
        assertTrue(badDate.body().contains("Dates are written yyyy-mm-dd"), badDate.body());
        assertEquals(200, ada.get("/admin/users").statusCode());
        HttpResponse<String> noTarget = ada.get("/admin/review?target=not%20a%20target");
        assertEquals(404, noTarget.statusCode());
        HttpResponse<String> home = ada.get("/");
        assertTrue(home.body().contains("<a href=\"/admin\">Admin</a>"), "the header links the console for admins");
    }

    @Test
    void aFormWithoutItsMandatoryReasonIsRefusedOnThePage() {
        SettingsBrowser ada = SettingsBrowser.signIn(root.toString(), "ada");
        ada.get("/settings/tokens");
        HttpResponse<String> res = ada.post("/admin/versions/alice/maze/1.0.0/status",
                Map.of("status", "validated", "reason", "  ", "back", "/admin/users?q=alice"));
        assertEquals(200, res.statusCode(), res.body());
        assertTrue(res.uri().toString().endsWith("/admin/users?q=alice"), "back where the form was: " + res.uri());
        assertTrue(res.body().contains("class=\"notice-error\" role=\"alert\">A validation status is only overridden with a"
                + " reason"), res.body());
        ada.get("/settings/tokens");
        HttpResponse<String> away = ada.post("/admin/users/sam/suspend", Map.of("reason", "", "back", "https://evil.example/"));
        assertTrue(away.uri().getPath().equals("/admin"), "never sent to another site: " + away.uri());
    }

    @Test
    void settingsOpenedByAnAdminNameWhoseEnvironmentItIs() {
        String name = "whose-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        SettingsBrowser ada = SettingsBrowser.signIn(root.toString(), "ada");
        HttpResponse<String> page = ada.get("/settings/environments/alice/" + name);
        assertEquals(200, page.statusCode(), page.body());
        assertFalse(page.body().contains("Your environments</a> /"), "not ada's");
        assertTrue(page.body().contains("<a href=\"/alice\">Environments of alice</a>"), page.body());
        assertTrue(page.body().contains("an environment of <strong>alice</strong>, not one of yours"), page.body());
        HttpResponse<String> own = SettingsBrowser.signIn(root.toString(), "alice").get("/settings/environments/alice/" + name);
        assertTrue(own.body().contains(">Your environments</a> /"), own.body());
        assertFalse(own.body().contains("not one of yours"), own.body());
    }
}
