package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.KeycloakAdmin;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.web.account.SignOutTest;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** A demo user signs in at the frontend through the real Keycloak login page and sees pages naming them. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
class FrontendSignInTest {
    @TestHTTPResource("/")
    URL root;

    @Test
    void healthIsUp() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void anonymousHomeOffersSignIn() {
        given().get("/").then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("Sign in")).body(containsString("/css/envhub.css"));
        given().get("/css/envhub.css").then().statusCode(200);
    }

    @Test
    void accountPageSendsAnonymousVisitorsToKeycloak() {
        given().redirects().follow(false).get("/account").then().statusCode(302)
                .header("Location", startsWith(KeycloakTestResource.baseUrl() + "/realms/envhub/protocol/openid-connect/auth"));
    }

    @Test
    void aliceSignsInThroughKeycloakAndIsNamed() {
        BrowserSession browser = new BrowserSession();
        HttpResponse<String> loginPage = browser.get(root + "login");
        assertEquals(200, loginPage.statusCode());
        assertTrue(loginPage.uri().toString().startsWith(KeycloakTestResource.baseUrl()), loginPage.uri().toString());
        assertTrue(loginPage.body().contains("kc-form-login"), "Keycloak's login form is shown");

        HttpResponse<String> account = browser.login(loginPage, "alice", "alice");
        assertEquals(200, account.statusCode(), account.body());
        assertTrue(account.uri().getPath().endsWith("/settings/profile"), account.uri().toString());
        assertTrue(account.body().contains("Signed in as <strong>Alice Liddell</strong> (alice)"), account.body());

        HttpResponse<String> home = browser.get(root.toString());
        assertTrue(home.body().contains("Signed in as <strong>alice</strong>"), home.body());

        HttpResponse<String> afterLogout = SignOutTest.signOut(browser, root);
        assertEquals(200, afterLogout.statusCode());
        HttpResponse<String> homeAgain = browser.get(root.toString());
        assertFalse(homeAgain.body().contains("Signed in as"), "signed out");
    }

    @Test
    void wrongPasswordStaysOnKeycloakWithAMessage() {
        BrowserSession browser = new BrowserSession();
        HttpResponse<String> loginPage = browser.get(root + "login");
        // a user of its own: a failed login counts against the account, and other modules sign alice in meanwhile
        String user = "wrong-pw-" + Long.toHexString(System.nanoTime());
        KeycloakAdmin.createUser(user, "correct-horse-battery-staple");
        HttpResponse<String> again = browser.login(loginPage, user, "wrong");
        assertTrue(again.uri().toString().startsWith(KeycloakTestResource.baseUrl()), again.uri().toString());
        assertTrue(again.body().contains("Invalid username or password"), "Keycloak says why");
    }
}
