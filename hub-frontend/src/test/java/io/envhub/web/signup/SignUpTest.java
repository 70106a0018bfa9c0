package io.envhub.web.signup;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.web.HubBackendTestResource;
import io.envhub.web.HubFixtures;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A newcomer signs up through Keycloak's registration form and comes back signed in. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class SignUpTest {
    private static final Pattern FORM_TAG = Pattern.compile("<form[^>]*>");
    private static final Pattern ACTION = Pattern.compile("action=\"([^\"]+)\"");

    @TestHTTPResource("/")
    URL root;

    @Test
    void signUpAsksKeycloakForItsRegistrationForm() {
        given().redirects().follow(false).get("/signup").then().statusCode(302)
                .header("Location", startsWith(KeycloakTestResource.baseUrl() + "/realms/envhub/protocol/openid-connect/auth"))
                .header("Location", containsString("prompt=create"));
        given().redirects().follow(false).get("/login").then().statusCode(302)
                .header("Location", org.hamcrest.Matchers.not(containsString("prompt=create")));
    }

    @Test
    void aNewcomerRegistersAndLandsSignedInOnTheirProfile() {
        String user = "newcomer-" + HubFixtures.unique();
        BrowserSession browser = new BrowserSession();
        HttpResponse<String> form = browser.get(root + "signup");
        assertEquals(200, form.statusCode());
        assertTrue(form.uri().toString().startsWith(KeycloakTestResource.baseUrl()), form.uri().toString());
        String action = registerAction(form.body());

        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("username", user);
        fields.put("email", user + "@envhub.local");
        fields.put("firstName", "New");
        fields.put("lastName", "Comer");
        fields.put("password", "Long-enough-9");
        fields.put("password-confirm", "Long-enough-9");
        HttpResponse<String> landed = browser.postForm(form.uri().resolve(action).toString(), fields);
        assertEquals(200, landed.statusCode(), landed.body());
        assertTrue(landed.uri().toString().startsWith(root.toString()) && landed.uri().getPath().endsWith("/settings/profile"),
                landed.uri() + "\n" + landed.body());
        assertTrue(landed.body().contains("Signed in as <strong>New Comer</strong> (" + user + ")"), landed.body());
    }

    /** The action of Keycloak's registration form (the form with id kc-register-form). */
    private static String registerAction(String html) {
        Matcher tags = FORM_TAG.matcher(html);
        while (tags.find()) {
            String tag = tags.group();
            Matcher action = ACTION.matcher(tag);
            if (tag.contains("id=\"kc-register-form\"") && action.find()) {
                return action.group(1).replace("&amp;", "&");
            }
        }
        throw new AssertionError("Keycloak shows no registration form: " + html);
    }
}
