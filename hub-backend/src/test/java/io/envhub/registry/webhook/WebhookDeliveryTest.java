package io.envhub.registry.webhook;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.event.WebhookSignature;
import io.envhub.registry.RegistryFixtures;
import static io.envhub.registry.Eventually.await;
import io.envhub.registry.validation.QueueFixtures;
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
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Webhooks end to end against a receiver in the test that checks every signature: a push and its validation are
 * delivered as signed events (version.published, version.validated), a 500 answer is retried and then delivered, the
 * delivery log shows each attempt, redeliver sends the same event id again, a ping arrives, a forged signature is
 * refused by the receiver's check, ten failures in a row disable the webhook and tell its owner.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class WebhookDeliveryTest {
    private static WebhookReceiver receiver;

    @Inject
    QueueFixtures queue;

    @BeforeAll
    static void start() throws Exception {
        receiver = new WebhookReceiver();
    }

    @AfterAll
    static void stop() {
        receiver.close();
    }

    @Test
    void aPushAndItsValidationAreDeliveredSignedRetriedAndLogged() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        String name = "hooked-" + RegistryFixtures.run();
        push(alice, name, "1.0.0");
        JsonPath created = given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("url", receiver.url("/hooks/a"), "events", List.of("version.published", "version.validated"),
                        "scope", Map.of("environment", "alice/" + name), "description", "CI"))
                .post("/api/v1/webhooks").then().statusCode(201).extract().jsonPath();
        long id = created.getLong("id");
        String secret = created.getString("secret");
        assertTrue(secret.startsWith("whsec_"), secret);
        assertEquals("alice/" + name, created.getString("scope.environment"));
        given().auth().oauth2(alice).get("/api/v1/webhooks/" + id).then().statusCode(200)
                .body("secret", org.hamcrest.Matchers.nullValue());
        receiver.secret = secret;
        receiver.failNext.set(1);

        long job = push(alice, name, "1.1.0");
        await(() -> !receiver.ofType("version.published").isEmpty(), "version.published arrives after a retry");
        WebhookReceiver.Received published = receiver.ofType("version.published").get(0);
        assertTrue(published.eventId().startsWith("evt_"), published.eventId());
        assertEquals("alice", published.body().path("object").path("owner").asText());
        assertEquals(name, published.body().path("object").path("name").asText());
        assertEquals("1.1.0", published.body().path("object").path("version").asText());
        assertFalse(published.body().path("time").asText().isEmpty());

        List<Map<String, Object>> log = given().auth().oauth2(alice).get("/api/v1/webhooks/" + id + "/deliveries").then()
                .statusCode(200).extract().jsonPath().getList("$");
        Map<String, Object> first = log.get(log.size() - 1);
        assertEquals("delivered", first.get("state"));
        assertEquals(2, first.get("attempts"), "a 500 then a 200");
        JsonPath one = given().auth().oauth2(alice).get("/api/v1/webhooks/" + id + "/deliveries/" + first.get("id")).then()
                .statusCode(200).extract().jsonPath();
        assertEquals(List.of(500, 200), one.getList("attemptLog.statusCode"));
        assertTrue(one.getString("attemptLog[0].responseExcerpt").contains("receiver is down"));
        assertTrue(one.getInt("attemptLog[1].durationMs") >= 0);
        assertEquals(published.eventId(), one.getString("event.id"));

        // the validator's result: version.validated with the verdict, and the publisher's notification
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        queue.claimUntil(validator, "w-hook", job);
        given().auth().oauth2(validator).contentType(ContentType.JSON)
                .body(Map.of("worker", "w-hook", "report", QueueFixtures.report("validated", null)))
                .post(QueueFixtures.BASE + "/" + job + "/result").then().statusCode(200);
        await(() -> !receiver.ofType("version.validated").isEmpty(), "version.validated arrives");
        WebhookReceiver.Received validated = receiver.ofType("version.validated").get(0);
        assertFalse(validated.body().path("object").has("status"), "one status vocabulary: trustStatus only");
        assertFalse(validated.body().path("object").path("trustStatus").asText().isEmpty());
        assertTrue(validated.body().path("object").has("trustFlags"));
        await(() -> given().auth().oauth2(alice).get("/api/v1/me/notifications").then().extract().jsonPath()
                .getList("items.link").contains("/alice/" + name + "/versions/1.1.0"), "the publisher is notified");

        // redeliver: the same event id again; ping: a test event
        given().auth().oauth2(alice).post("/api/v1/webhooks/" + id + "/deliveries/" + first.get("id") + "/redeliver").then()
                .statusCode(202).body("redeliveryOf", org.hamcrest.Matchers.equalTo(((Number) first.get("id")).intValue()));
        await(() -> receiver.ofType("version.published").size() == 2, "the redelivery arrives");
        assertEquals(published.eventId(), receiver.ofType("version.published").get(1).eventId(), "receivers de-duplicate by id");
        given().auth().oauth2(alice).post("/api/v1/webhooks/" + id + "/ping").then().statusCode(202).body("type",
                org.hamcrest.Matchers.equalTo("ping"));
        await(() -> receiver.ofType("ping").stream().anyMatch(r -> r.body().path("object").path("webhook").asLong() == id),
                "the ping arrives");

        // a forgery: the receiver's check refuses a body signed with another secret, and an old timestamp
        int before = receiver.forgeries.get();
        String body = "{\"id\":\"evt_forged\",\"type\":\"version.validated\",\"object\":{}}";
        assertEquals(401, post(receiver.url("/hooks/a"), body, WebhookSignature.header(Instant.now().getEpochSecond(), body,
                List.of("whsec_guessed"))));
        assertEquals(401, post(receiver.url("/hooks/a"), body, WebhookSignature.header(Instant.now().getEpochSecond() - 3600,
                body, List.of(secret))), "a replay of an hour ago");
        assertEquals(before + 2, receiver.forgeries.get());

        // rotation: the new secret is shown once, and the old one still signs for a while (two v1)
        String rotated = given().auth().oauth2(alice).post("/api/v1/webhooks/" + id + "/secret").then().statusCode(200)
                .extract().path("secret");
        assertNotNull(rotated);
        assertFalse(rotated.equals(secret));

        // others: 404 for the webhook, 403 for a subscription to someone else's environment
        String sam = Tokens.forUser("sam", "sam");
        given().auth().oauth2(sam).get("/api/v1/webhooks/" + id).then().statusCode(404);
        given().auth().oauth2(sam).get("/api/v1/webhooks/" + id + "/deliveries").then().statusCode(404);
        given().auth().oauth2(sam).contentType(ContentType.JSON).body(Map.of("url", receiver.url("/x"), "events",
                List.of("version.published"), "scope", Map.of("environment", "alice/" + name)))
                .post("/api/v1/webhooks").then().statusCode(403);
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("url", receiver.url("/x"), "events",
                List.of("bounty.opened"), "scope", Map.of("environment", "alice/" + name)))
                .post("/api/v1/webhooks").then().statusCode(400).body("type", org.hamcrest.Matchers.endsWith("/invalid-events"));
    }

    @Test
    void tenFailuresInARowDisableTheWebhookAndTellItsOwner() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        try (WebhookReceiver broken = new WebhookReceiver()) {
            broken.alwaysFail = true;
            JsonPath created = given().auth().oauth2(alice).contentType(ContentType.JSON)
                    .body(Map.of("url", broken.url("/down"), "events", List.of("eval.added")))
                    .post("/api/v1/webhooks").then().statusCode(201).extract().jsonPath();
            long id = created.getLong("id");
            assertEquals("alice", created.getString("scope.owner"));
            broken.secret = created.getString("secret");
            for (int i = 0; i < 10; i++) {
                given().auth().oauth2(alice).post("/api/v1/webhooks/" + id + "/ping").then().statusCode(202);
            }
            await(() -> !given().auth().oauth2(alice).get("/api/v1/webhooks/" + id).then().extract().jsonPath()
                    .getBoolean("active"), "disabled after ten failures");
            JsonPath w = given().auth().oauth2(alice).get("/api/v1/webhooks/" + id).then().extract().jsonPath();
            assertTrue(w.getString("disabledReason").contains("10 consecutive"), w.prettify());
            await(() -> given().auth().oauth2(alice).get("/api/v1/me/notifications").then().extract().jsonPath()
                    .getList("items.link").contains("/settings/webhooks/" + id), "its owner is told");
            int sent = broken.requests.get();
            Thread.sleep(1500);
            assertEquals(sent, broken.requests.get(), "nothing more is sent to a disabled webhook");
            given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("active", true))
                    .patch("/api/v1/webhooks/" + id).then().statusCode(200).body("active", org.hamcrest.Matchers.equalTo(true))
                    .body("consecutiveFailures", org.hamcrest.Matchers.equalTo(0));
            given().auth().oauth2(alice).delete("/api/v1/webhooks/" + id).then().statusCode(204);
        }
    }

    private static long push(String token, String name, String version) {
        TestWheels.Built wheel = TestWheels.environment(name, version);
        return given().auth().oauth2(token).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/" + name + "/versions").then().statusCode(201).extract().jsonPath()
                .getLong("validationJob");
    }

    private static int post(String url, String body, String signature) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).header(WebhookSignature.HEADER, signature)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
