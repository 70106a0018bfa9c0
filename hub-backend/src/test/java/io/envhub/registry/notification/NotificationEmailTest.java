package io.envhub.registry.notification;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import static io.envhub.registry.Eventually.await;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.mail.internet.MimeMessage;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Notifications through a real SMTP server (GreenMail in the test): a report reaches the admins (inbox and email), its
 * dismissal reaches the environment's owner; every email carries a signed one-click unsubscribe link
 * (List-Unsubscribe, List-Unsubscribe-Post) that turns that kind's email off, after which the inbox still gets it and
 * no email is sent; the unread count and read marks; a forged token is refused.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = GreenMailTestResource.class, scope = TestResourceScope.GLOBAL)
class NotificationEmailTest {
    @Test
    void reportsReachAdminsAndOwnersByEmailAndUnsubscribeWorks() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");
        String ada = Tokens.forUser("ada", "ada");
        given().auth().oauth2(ada).get("/api/v1/me").then().statusCode(200);
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("kinds", List.of(Map.of("kind", "report-handled",
                "inbox", true, "email", true)))).put("/api/v1/me/notification-preferences").then().statusCode(200);
        String name = "mailed-" + RegistryFixtures.run();
        TestWheels.Built wheel = TestWheels.environment(name, "1.0.0");
        given().auth().oauth2(alice).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/" + name + "/versions").then().statusCode(201);

        long report = report(sam, name, "first");
        MimeMessage toAda = awaitMail("ada@envhub.local", name);
        assertTrue(toAda.getSubject().contains("New report (spam) on alice/" + name), toAda.getSubject());
        await(() -> inbox(ada).getList("items.kind").contains("admin-report"), "the admin's inbox has it");

        given().auth().oauth2(ada).contentType(ContentType.JSON).body(Map.of("note", "not spam"))
                .post("/api/v1/admin/reports/" + report + "/dismiss").then().statusCode(200);
        MimeMessage toAlice = awaitMail("alice@envhub.local", "A report on alice/" + name + " was dismissed");
        String body = toAlice.getContent().toString();
        assertTrue(body.contains("http://127.0.0.1:8080/alice/" + name), body);
        assertTrue(body.contains("http://127.0.0.1:8080/unsubscribe?token="), body);
        String header = toAlice.getHeader("List-Unsubscribe")[0];
        assertEquals("List-Unsubscribe=One-Click", toAlice.getHeader("List-Unsubscribe-Post")[0]);
        assertTrue(header.startsWith("<") && header.contains("/api/v1/notifications/unsubscribe?token="), header);
        JsonPath inbox = inbox(alice);
        assertTrue(inbox.getLong("unread") > 0);
        assertTrue(inbox.getList("items.title").contains("A report on alice/" + name + " was dismissed"), inbox.prettify());

        // one click, as a mail client posts it (RFC 8058): no sign-in, the token is the proof
        URI oneClick = URI.create(header.substring(1, header.length() - 1));
        String token = URLDecoder.decode(oneClick.getQuery().substring("token=".length()), StandardCharsets.UTF_8);
        given().contentType("application/x-www-form-urlencoded").formParam("List-Unsubscribe", "One-Click")
                .queryParam("token", token).post("/api/v1/notifications/unsubscribe").then().statusCode(200)
                .body("kind", org.hamcrest.Matchers.equalTo("report-handled"))
                .body("user", org.hamcrest.Matchers.equalTo("alice"));
        JsonPath prefs = given().auth().oauth2(alice).get("/api/v1/me/notification-preferences").then().statusCode(200)
                .extract().jsonPath();
        assertTrue(prefs.getBoolean("emailAvailable"));
        assertEquals(false, prefs.getBoolean("kinds.find { it.kind == 'report-handled' }.email"));
        assertEquals(true, prefs.getBoolean("kinds.find { it.kind == 'report-handled' }.inbox"));

        long second = report(sam, name, "second");
        given().auth().oauth2(ada).contentType(ContentType.JSON).body(Map.of("note", "still not spam"))
                .post("/api/v1/admin/reports/" + second + "/dismiss").then().statusCode(200);
        await(() -> inbox(alice).getList("items.title").stream().filter(("A report on alice/" + name + " was dismissed")::equals)
                .count() == 2, "the inbox still gets it");
        awaitMail("ada@envhub.local", "New report (spam) on alice/" + name);
        Thread.sleep(1500);
        assertEquals(1, mails("alice@envhub.local", "A report on alice/" + name).size(), "but no second email");

        // read marks
        long id = inbox(alice).getLong("items[0].id");
        given().auth().oauth2(alice).post("/api/v1/me/notifications/" + id + "/read").then().statusCode(204);
        given().auth().oauth2(sam).post("/api/v1/me/notifications/" + id + "/read").then().statusCode(404);
        given().auth().oauth2(alice).post("/api/v1/me/notifications/read-all").then().statusCode(200);
        given().auth().oauth2(alice).get("/api/v1/me/notifications/unread-count").then().statusCode(200)
                .body("unread", org.hamcrest.Matchers.equalTo(0));

        // a forged or cut token
        given().queryParam("token", token.substring(0, token.length() - 2) + "00").post("/api/v1/notifications/unsubscribe")
                .then().statusCode(400).body("type", org.hamcrest.Matchers.endsWith("/invalid-unsubscribe"));
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("kinds", List.of(Map.of("kind", "report-handled",
                "inbox", true, "email", true)))).put("/api/v1/me/notification-preferences").then().statusCode(200);
    }

    private static long report(String token, String name, String text) {
        return given().auth().oauth2(token).contentType(ContentType.JSON)
                .body(Map.of("target", "alice/" + name, "reason", "spam", "text", text)).post("/api/v1/reports").then()
                .statusCode(201).extract().jsonPath().getLong("id");
    }

    private static JsonPath inbox(String token) {
        return given().auth().oauth2(token).get("/api/v1/me/notifications?limit=100").then().statusCode(200).extract().jsonPath();
    }

    private static List<MimeMessage> mails(String to, String subjectPart) {
        return Arrays.stream(GreenMailTestResource.mail().getReceivedMessages()).filter(m -> {
            try {
                return m.getAllRecipients()[0].toString().equals(to) && m.getSubject().contains(subjectPart);
            } catch (jakarta.mail.MessagingException e) {
                return false;
            }
        }).toList();
    }

    private static MimeMessage awaitMail(String to, String subjectPart) throws InterruptedException {
        await(() -> !mails(to, subjectPart).isEmpty(), "an email to " + to + " about " + subjectPart);
        List<MimeMessage> found = mails(to, subjectPart);
        assertFalse(found.isEmpty());
        return found.get(0);
    }
}
