package io.envhub.web.money;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.KeycloakTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The admin money pages and the role-dependent navigation, signed in through the real Keycloak: non-admins (and
 * anonymous visitors) get a plain 404 on every admin money page; ada gets the forms, whose mistakes are named next to
 * the field before anything is sent. bounty-service is deliberately absent here (the test profile points at a closed
 * port), so a valid post shows the "not reachable" refusal inline; the money flow against the real service runs in
 * stack-tests' MoneyBrowserIT.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
class AdminMoneyPagesTest {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf-token\" value=\"([^\"]+)\"");
    private static final List<String> ADMIN_PAGES = List.of("/admin/funding", "/admin/payouts",
            "/admin/payouts?status=failed", "/admin/ledger", "/admin/payouts/export.csv");

    @TestHTTPResource("/")
    URL root;

    private BrowserSession signIn(String user) {
        TestPortRedirect.allow(root);
        BrowserSession browser = new BrowserSession();
        HttpResponse<String> landed = browser.login(browser.get(root + "login"), user, user);
        assertEquals(200, landed.statusCode(), landed.body());
        return browser;
    }

    private String url(String path) {
        return root.toString().replaceAll("/$", "") + path;
    }

    private static String csrf(String html) {
        Matcher m = CSRF.matcher(html);
        assertTrue(m.find(), "the page has a CSRF-protected form");
        return m.group(1);
    }

    @Test
    void anonymousVisitorsGetNotFound() {
        for (String page : ADMIN_PAGES) {
            given().redirects().follow(false).get(page).then().statusCode(404);
        }
        given().redirects().follow(false).formParam("sponsor", "sam").post("/admin/payouts/1/retry").then()
                .statusCode(org.hamcrest.Matchers.anyOf(org.hamcrest.Matchers.is(404), org.hamcrest.Matchers.is(400)));
    }

    @Test
    void aContributorAndASponsorGetNotFound() {
        for (String user : List.of("alice", "sam")) {
            BrowserSession browser = signIn(user);
            for (String page : ADMIN_PAGES) {
                HttpResponse<String> res = browser.get(url(page));
                assertEquals(404, res.statusCode(), user + " " + page);
                assertFalse(res.body().contains("funding-form") || res.body().contains("Payouts"), res.body());
            }
            HttpResponse<String> home = browser.get(url("/me/bounties"));
            Map<String, String> form = new LinkedHashMap<>(Map.of("reference", "WIRE-1", "queue", "pending"));
            form.put("csrf-token", csrf(browser.get(url("/settings/tokens")).body()));
            assertEquals(404, browser.postForm(url("/admin/payouts/1/confirm"), form).statusCode(), user);
            assertTrue(home.body().contains("href=\"/me/earnings\""), "earnings linked from /me/bounties");
        }
    }

    @Test
    void theNavigationOffersSponsorToSponsorsAndAdminsOnly() {
        assertFalse(signIn("alice").get(url("/")).body().contains("<a href=\"/sponsor\">Sponsor</a>"));
        for (String user : List.of("sam", "ada")) {
            String home = signIn(user).get(url("/")).body();
            assertTrue(home.contains("<a href=\"/sponsor\">Sponsor</a>"), user + ": " + home);
            assertTrue(home.contains("<a href=\"/me/earnings\">Earnings</a>"), user);
        }
    }

    @Test
    void adaGetsTheFundingFormAndItsMistakesNamedInline() {
        BrowserSession ada = signIn("ada");
        HttpResponse<String> page = ada.get(url("/admin/funding"));
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.body().contains("id=\"funding-form\""));
        assertTrue(page.body().contains("href=\"/admin/payouts\"") && page.body().contains("href=\"/admin/ledger\""));

        Map<String, String> bad = new LinkedHashMap<>(Map.of("sponsor", "", "amount", "12.345", "currency", "USD",
                "reference", ""));
        bad.put("csrf-token", csrf(page.body()));
        HttpResponse<String> refused = ada.postForm(url("/admin/funding"), bad);
        assertEquals(400, refused.statusCode());
        assertTrue(refused.body().contains("Name the sponsor by their username."), refused.body());
        assertTrue(refused.body().contains("Enter a positive amount in USD"), refused.body());
        assertTrue(refused.body().contains("Enter the external reference"), refused.body());
        assertTrue(refused.body().contains("value=\"12.345\""), "what was typed is kept");

        Map<String, String> ok = new LinkedHashMap<>(Map.of("sponsor", "sam", "amount", "1,500.00", "currency", "USD",
                "reference", "WIRE-2026-0042"));
        ok.put("csrf-token", csrf(refused.body()));
        HttpResponse<String> down = ada.postForm(url("/admin/funding"), ok);
        assertEquals(502, down.statusCode(), "bounty-service is not running in this test");
        assertTrue(down.body().contains("id=\"funding-error\""), down.body());
        assertTrue(down.body().contains("value=\"WIRE-2026-0042\""), "the form is kept for another try");
    }

    @Test
    void adaSeesTheQueueAndLedgerSayTheServiceIsDown() {
        BrowserSession ada = signIn("ada");
        HttpResponse<String> queue = ada.get(url("/admin/payouts?status=sent"));
        assertEquals(200, queue.statusCode());
        assertTrue(queue.body().contains("The payouts could not be loaded"), queue.body());
        assertTrue(queue.body().contains("aria-current=\"page\" class=\"current\">sent, awaiting confirmation</a>"),
                queue.body());
        HttpResponse<String> ledger = ada.get(url("/admin/ledger"));
        assertEquals(502, ledger.statusCode());
        assertTrue(ledger.body().contains("id=\"ledger-error\""), ledger.body());
        assertFalse(ledger.body().contains("verdict-ok"), "never green without a report");
    }
}
