package io.envhub.web.bounty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.web.BountyStackTestResource;
import io.envhub.web.settings.SettingsBrowser;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The bounty and money pages against the real bounty-service (and the hub-backend it asks), through
 * {@code BountyClient}, {@code MoneyClient} and {@code admin.BountyAdminClient}: sam's draft appears on his dashboard
 * (its lists asked in the background), opening it without funds is refused inline with the sponsor's shortfall (the
 * refusal's problem code reached the page), ada records funding, the bounty opens and shows on the public board and its
 * page, and the admin audit reads bounty-service's log.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = BountyStackTestResource.class, scope = TestResourceScope.RESTRICTED_TO_CLASS)
class BountyServicePagesTest {
    @TestHTTPResource("/")
    URL root;

    @Test
    void aSponsorDraftsFundsOpensAndTheBoardShowsIt() {
        String title = "Triage bench " + UUID.randomUUID().toString().substring(0, 8);
        SettingsBrowser sam = SettingsBrowser.signIn(root.toString(), "sam");
        assertEquals(200, sam.get("/sponsor").statusCode());
        Map<String, String> draft = new LinkedHashMap<>(Map.of("title", title, "domain", "medicine", "description",
                "Build a triage environment.", "criteria", "runs\nscores", "tier", "open_access", "reward", "10",
                "currency", "USD", "maxAwards", "1", "deadline", LocalDate.now().plusDays(30).toString()));
        HttpResponse<String> created = sam.post("/sponsor/bounties", draft);
        assertEquals(200, created.statusCode(), created.body());
        assertTrue(created.body().contains("Draft saved."), created.body());
        Matcher open = Pattern.compile("<a class=\"env-name\" href=\"[^\"]*\">" + Pattern.quote(title)
                + "</a>[\\s\\S]*?action=\"/sponsor/bounties/(\\d+)/open").matcher(created.body());
        assertTrue(open.find(), "the draft is on sam's dashboard with its Open form: " + created.body());
        String id = open.group(1);

        HttpResponse<String> refused = sam.post("/sponsor/bounties/" + id + "/open", Map.of());
        assertEquals(409, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("id=\"open-error-" + id + "\">Not enough funds to open it: its escrow holds $10"),
                "bounty-service's insufficient-balance refusal, read by its code, inline: " + refused.body());

        SettingsBrowser ada = SettingsBrowser.signIn(root.toString(), "ada");
        assertEquals(200, ada.get("/admin/funding").statusCode());
        String reference = "WIRE-" + id;
        HttpResponse<String> funded = ada.post("/admin/funding", Map.of("sponsor", "sam", "amount", "25.00",
                "currency", "USD", "reference", reference));
        assertEquals(200, funded.statusCode(), funded.body());
        assertTrue(funded.body().contains("<code class=\"hash\">" + reference + "</code>"), "the funding is listed: "
                + funded.body());

        sam.get("/sponsor");
        HttpResponse<String> opened = sam.post("/sponsor/bounties/" + id + "/open", Map.of());
        assertEquals(200, opened.statusCode(), opened.body());
        assertTrue(opened.body().contains("Bounty opened: it is on the board."), opened.body());
        assertTrue(opened.body().contains("id=\"balances\""), "sam's balance is shown: " + opened.body());

        String board = new BrowserSession().get(root + "bounties").body();
        assertTrue(board.contains(">" + title + "</a>"), "the public board lists it: " + board);
        HttpResponse<String> page = new BrowserSession().get(root + "bounties/" + id);
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains(title), page.body());
        assertEquals(404, new BrowserSession().get(root + "bounties/999999999").statusCode(),
                "bounty-service's 404 is the site's 404 page");

        HttpResponse<String> audit = ada.get("/admin/audit");
        assertEquals(200, audit.statusCode());
        assertFalse(audit.body().contains("bounty-service did not answer"), "bounty-service's audit answered: " + audit.body());
        assertTrue(audit.body().contains("<td class=\"audit-target\">bounty:" + id + "</td>"),
                "bounty-service's audit rows are shown: " + audit.body());
    }
}
