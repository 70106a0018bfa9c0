package io.envhub.bounty;

import static io.envhub.bounty.Api.as;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.envhub.bounty.bounty.DeadlineNotices;
import io.envhub.contract.event.WebhookSignature;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * bounty-service's events reach the sponsor's webhook and the people concerned through hub-backend: each state change
 * writes an outbox row in its transaction, the relay hands it to hub-backend, which signs and delivers it to a
 * subscription of scope "bounties I sponsor" and fills the inboxes (new application and submission for the sponsor,
 * decision, review and payout for the contributor, the deadline in 3 days for the sponsor).
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class BountyEventsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    EntityManager em;
    @Inject
    DeadlineNotices deadlines;

    @Test
    void aBountysLifeIsDeliveredToTheSponsorsWebhookAndInboxes() throws Exception {
        List<JsonNode> received = new CopyOnWriteArrayList<>();
        String[] secret = {""};
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            boolean ok = WebhookSignature.verify(exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER), body, secret[0],
                    Instant.now(), WebhookSignature.DEFAULT_TOLERANCE);
            if (ok) {
                received.add(JSON.readTree(body));
            }
            exchange.sendResponseHeaders(ok ? 204 : 401, -1);
            exchange.close();
        });
        receiver.start();
        try {
            String sam = Tokens.forUser("sam", "sam");
            signedInOnTheHub("sam", "alice");
            secret[0] = given().baseUri(Hub.url()).auth().oauth2(sam).contentType(ContentType.JSON)
                    .body(Map.of("url", "http://127.0.0.1:" + receiver.getAddress().getPort() + "/bounties",
                            "events", List.of("bounty.opened", "application.submitted", "application.decided",
                                    "submission.submitted", "submission.reviewed", "payout.confirmed"),
                            "scope", Map.of("bounties", "sponsored")))
                    .post("/api/v1/webhooks").then().statusCode(201).extract().path("secret");

            long id = Api.open("sam", "application_only", 1);
            Api.accepted(id, "alice", "sam");
            String name = "evented-" + Hub.unique();
            Hub.publish("alice", name, "1.0.0", Hub.Outcome.RUNTIME_VERIFIED);
            long sub = Api.submit(id, "alice", name, "1.0.0");
            as("sam").body(Api.review("approve")).post("/api/v1/submissions/{s}/reviews", sub).then().statusCode(200);
            long payout = as("ada").get("/api/v1/payouts").then().statusCode(200).extract().jsonPath()
                    .getLong("find { it.submissionId == " + sub + " }.id");
            as("ada").body("{\"reference\":\"BANK-" + Hub.unique() + "\"}").post("/api/v1/payouts/{p}/confirm", payout).then()
                    .statusCode(200);

            List<String> expected = List.of("bounty.opened", "application.submitted", "application.decided",
                    "submission.submitted", "submission.reviewed", "payout.confirmed");
            await(() -> types(received, id).containsAll(expected), "every event of the bounty reaches the webhook");
            JsonNode opened = received.stream().filter(e -> e.path("type").asText().equals("bounty.opened")
                    && e.path("object").path("id").asLong() == id).findFirst().orElseThrow();
            assertTrue(opened.path("id").asText().startsWith("evt_"), opened.toString());
            assertEquals("open", opened.path("object").path("status").asText());
            JsonNode reviewed = received.stream().filter(e -> e.path("type").asText().equals("submission.reviewed")
                    && e.path("object").path("bountyId").asLong() == id).findFirst().orElseThrow();
            assertEquals("approved", reviewed.path("object").path("status").asText());

            String alice = Tokens.forUser("alice", "alice");
            await(() -> kinds(sam).containsAll(List.of("new-application", "new-submission")), "the sponsor's inbox");
            await(() -> kinds(alice).containsAll(List.of("application-decided", "submission-reviewed", "payout-confirmed")),
                    "the contributor's inbox");
            long unrelayed = QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery("SELECT count(*) FROM"
                    + " bounty.outbox_events WHERE bounty_id = ?1 AND relayed_at IS NULL").setParameter(1, id).getSingleResult())
                    .longValue());
            assertEquals(0, unrelayed, "every outbox row was handed over");
        } finally {
            receiver.stop(0);
        }
    }

    @Test
    void aSponsorHearsOnceThatADeadlineIsThreeDaysAway() throws Exception {
        signedInOnTheHub("sam");
        long id = Api.draft("sam", "open_access", 1);
        String soon = OffsetDateTime.now(ZoneOffset.UTC).plusDays(2).toString();
        as("sam").body("{\"deadline\":\"" + soon + "\"}").patch("/api/v1/bounties/{id}", id).then().statusCode(200);
        Api.fund("sam", 15_000);
        as("sam").post("/api/v1/bounties/{id}/open", id).then().statusCode(200);
        assertTrue(deadlines.remindSponsors() >= 1);
        assertEquals(0, deadlines.remindSponsors(), "once per bounty");
        await(() -> QuarkusTransaction.requiringNew().call(() -> !em.createNativeQuery("SELECT 1 FROM bounty.outbox_events"
                + " WHERE type = 'bounty.deadline-soon' AND bounty_id = ?1 AND relayed_at IS NOT NULL").setParameter(1, id)
                .getResultList().isEmpty()), "the notice is handed to hub-backend");
        String sam = Tokens.forUser("sam", "sam");
        await(() -> given().baseUri(Hub.url()).auth().oauth2(sam).get("/api/v1/me/notifications?limit=100").then().extract()
                .jsonPath().getList("items.link").contains("/bounties/" + id), "the sponsor is told: "
                + given().baseUri(Hub.url()).auth().oauth2(sam).get("/api/v1/me/notifications?limit=100").asString());
    }

    /**
     * The users have used the web hub (every signed-in page asks hub-backend, which so knows them): notifications go to
     * users hub-backend knows.
     */
    private static void signedInOnTheHub(String... users) {
        for (String user : users) {
            given().baseUri(Hub.url()).auth().oauth2(Tokens.forUser(user, user)).get("/api/v1/me").then().statusCode(200);
        }
    }

    private static List<String> kinds(String token) {
        return given().baseUri(Hub.url()).auth().oauth2(token).get("/api/v1/me/notifications?limit=100").then().statusCode(200)
                .extract().jsonPath().getList("items.kind");
    }

    private static List<String> types(List<JsonNode> received, long bountyId) {
        return received.stream().filter(e -> e.path("object").path("id").asLong() == bountyId
                || e.path("object").path("bountyId").asLong() == bountyId).map(e -> e.path("type").asText()).toList();
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + 45_000_000_000L;
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("timed out waiting: " + what);
    }
}
