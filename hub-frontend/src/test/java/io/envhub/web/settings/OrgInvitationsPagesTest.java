package io.envhub.web.settings;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import io.envhub.web.HubBackendTestResource;
import io.envhub.web.HubFixtures;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Organisation invitations in the web hub against the real hub-backend: an owner invites from the organisation's
 * settings page, the invited user accepts or declines on their profile, an owner withdraws a pending invitation.
 * Nobody is a member before accepting.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class OrgInvitationsPagesTest {
    private static final Pattern INVITATION = Pattern.compile("action=\"/settings/invitations/(\\d+)/accept\"");

    @TestHTTPResource("/")
    URL root;

    private static String newOrg() {
        String org = "inv-" + HubFixtures.unique();
        given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice")).contentType(ContentType.JSON)
                .body(Map.of("name", org, "displayName", "Invited " + org)).post("/api/v1/orgs").then().statusCode(201);
        return org;
    }

    private static List<String> orgsOf(String user) {
        return given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer(user)).get("/api/v1/me")
                .then().statusCode(200).extract().jsonPath().getList("organisations.name");
    }

    private static long invitationOn(String profile, String org) {
        int at = profile.indexOf("href=\"/" + org + "\"");
        assertTrue(at >= 0, "the profile lists the invitation to " + org + ": " + profile);
        Matcher m = INVITATION.matcher(profile);
        assertTrue(m.find(at), profile);
        return Long.parseLong(m.group(1));
    }

    @Test
    void ownerInvitesUserAcceptsAndBecomesAMember() {
        Tokens.ensureUser("bob");
        orgsOf("bob");
        String org = newOrg();
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        HttpResponse<String> settings = alice.get("/settings/orgs/" + org);
        assertEquals(200, settings.statusCode(), settings.body());
        assertTrue(settings.body().contains("No pending invitations"), settings.body());

        HttpResponse<String> invited = alice.post("/settings/orgs/" + org + "/invitations", Map.of("user", "bob", "role", "maintainer"));
        assertEquals(200, invited.statusCode(), invited.body());
        assertTrue(invited.body().contains("Invited bob as maintainer"), invited.body());
        assertTrue(invited.body().contains("<td>bob</td>"), "the pending invitation is listed: " + invited.body());
        assertFalse(orgsOf("bob").contains(org), "not a member before accepting");

        SettingsBrowser bob = SettingsBrowser.signIn(root.toString(), "bob");
        String profile = bob.get("/settings/profile").body();
        long id = invitationOn(profile, org);
        assertEquals(400, bob.postRaw("/settings/invitations/" + id + "/accept", Map.of()).statusCode(), "CSRF-protected");
        assertFalse(orgsOf("bob").contains(org));

        bob.get("/settings/profile");
        HttpResponse<String> accepted = bob.post("/settings/invitations/" + id + "/accept", Map.of("org", org));
        assertEquals(200, accepted.statusCode(), accepted.body());
        assertTrue(accepted.body().contains("You are now a member of " + org), accepted.body());
        assertTrue(orgsOf("bob").contains(org), "a member after accepting");
        assertFalse(alice.get("/settings/orgs/" + org).body().contains("<td>bob</td>"), "no longer pending");
    }

    @Test
    void userDeclinesAndOwnerWithdraws() {
        String org = newOrg();
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        alice.get("/settings/orgs/" + org);
        alice.post("/settings/orgs/" + org + "/invitations", Map.of("user", "sam", "role", "member"));

        SettingsBrowser sam = SettingsBrowser.signIn(root.toString(), "sam");
        long id = invitationOn(sam.get("/settings/profile").body(), org);
        HttpResponse<String> declined = sam.post("/settings/invitations/" + id + "/decline", Map.of());
        assertTrue(declined.body().contains("Invitation declined"), declined.body());
        assertFalse(orgsOf("sam").contains(org));

        String page = alice.get("/settings/orgs/" + org).body();
        assertTrue(page.contains("No pending invitations"), page);
        alice.post("/settings/orgs/" + org + "/invitations", Map.of("user", "sam", "role", "owner"));
        page = alice.get("/settings/orgs/" + org).body();
        Matcher withdraw = Pattern.compile("action=\"/settings/orgs/" + org + "/invitations/(\\d+)/revoke\"").matcher(page);
        assertTrue(withdraw.find(), page);
        HttpResponse<String> withdrawn = alice.post("/settings/orgs/" + org + "/invitations/" + withdraw.group(1) + "/revoke", Map.of());
        assertTrue(withdrawn.body().contains("Invitation withdrawn"), withdrawn.body());
        assertFalse(sam.get("/settings/profile").body().contains("href=\"/" + org + "\""), "nothing left to accept");
    }

    @Test
    void refusalsAreShownAndOnlyOwnersSeeTheSettings() {
        String org = newOrg();
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        alice.get("/settings/orgs/" + org);
        HttpResponse<String> unknown = alice.post("/settings/orgs/" + org + "/invitations",
                Map.of("user", "nobody-" + HubFixtures.unique(), "role", "member"));
        assertEquals(404, unknown.statusCode(), unknown.body());
        assertTrue(unknown.body().contains("id=\"invite-error\""), unknown.body());
        HttpResponse<String> empty = alice.post("/settings/orgs/" + org + "/invitations", Map.of("user", " ", "role", "member"));
        assertEquals(400, empty.statusCode());

        SettingsBrowser sam = SettingsBrowser.signIn(root.toString(), "sam");
        assertEquals(403, sam.get("/settings/orgs/" + org).statusCode(), "only owners manage invitations");
    }
}
