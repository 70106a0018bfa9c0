package io.envhub.stacktests;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code envhub bounty list|show|apply|submit|status}: the packaged CLI ({@code bin/envhub}) against the real stack
 * (the run's {@link SharedStack}, fresh data dir) and its real bounty-service, signed in through Keycloak's device flow.
 * sam (sponsor) posts and opens an application-only bounty through the API; alice finds it with the CLI, is refused a
 * submission before acceptance, applies, is accepted by sam, submits her validated version and follows both in
 * {@code bounty status}. Each step is checked in bounty-service's API afterwards; each refusal is one readable
 * {@code envhub:} line with the exit code of the README's table.
 *
 * <p>With {@code ENVHUB_IT_RUNNING_STACK=true} it uses a stack that is already up on the default ports (Keycloak at
 * {@code ENVHUB_KEYCLOAK_URL}) instead of starting one; whoever runs it so holds the stack port lock.
 */
@OnSharedStack
class BountyCliIT {
    private static final String U = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private static final String ENV = "contract-clauses-" + U;
    private static final String TITLE = "Contract clause extraction, graded " + U;
    private static final long REWARD = 180_000;
    private static final int REFUSED = 1;
    private static final int NETWORK_OR_AUTH = 3;

    private static final boolean RUNNING = "true".equals(System.getenv("ENVHUB_IT_RUNNING_STACK"));
    private static final String KEYCLOAK = RUNNING && System.getenv("ENVHUB_KEYCLOAK_URL") != null
            ? System.getenv("ENVHUB_KEYCLOAK_URL") : LocalStack.KEYCLOAK;

    private static Path configs;
    private static String wheelSha256;
    private static long bountyId;

    @BeforeAll
    static void stackWithAnOpenBountyAndAValidatedVersion() throws Exception {
        configs = Files.createTempDirectory("envhub-bounty-cli-it-");
        String alice = Tokens.forUser(KEYCLOAK, "alice", "alice");
        TestWheels.Built wheel = TestWheels.environment(ENV, "0.1.0", "Contract clauses for agents", List.of("legal"));
        wheelSha256 = HubApi.sha256(wheel.bytes());
        HubApi.push(alice, "alice", wheel, "public");
        assertEquals("passed", HubApi.awaitValidation("alice", ENV, "0.1.0", Duration.ofMinutes(5)));

        String sam = "Bearer " + Tokens.forUser(KEYCLOAK, "sam", "sam");
        bountyId = given().baseUri(LocalStack.BOUNTY).header("Authorization", sam).contentType(ContentType.JSON)
                .body(Map.of("title", TITLE, "domain", "legal", "description", "Extract **clauses** from contracts.",
                        "criteria", List.of("Has 100 contracts", "Rubric-graded"), "tier", "application_only",
                        "rewardMinor", REWARD, "currency", "USD", "maxAwards", 1, "deadline", "2099-06-30T00:00:00Z"))
                .post("/api/v1/bounties").then().statusCode(201).extract().jsonPath().getLong("id");
        // opening reserves reward × max awards from sam's balance: ada (admin) records sam's funding first
        given().baseUri(LocalStack.BOUNTY).header("Authorization", "Bearer " + Tokens.forUser(KEYCLOAK, "ada", "ada"))
                .contentType(ContentType.JSON).body(Map.of("sponsor", "sam", "amountMinor", REWARD, "currency", "USD",
                        "reference", "cli-it-" + U))
                .post("/api/v1/ledger/funding").then().statusCode(201);
        given().baseUri(LocalStack.BOUNTY).header("Authorization", sam).post("/api/v1/bounties/{id}/open", bountyId)
                .then().statusCode(200);
    }

    private static EnvhubCli cli(String user) {
        return new EnvhubCli(configs.resolve(user), KEYCLOAK);
    }

    /** A refusal: the exit code, and stderr is exactly one {@code envhub: ...} line containing {@code words}. */
    private static void refused(EnvhubCli.Result r, int exitCode, String words) {
        assertEquals(exitCode, r.exitCode(), r.toString());
        assertEquals(1, r.errLines().size(), "one line on stderr: " + r);
        String line = r.errLines().get(0);
        assertTrue(line.startsWith("envhub: ") && line.contains(words), "'" + words + "' in: " + line);
        assertTrue(!r.err().contains("Exception") && !r.err().contains("\tat "), "no stack trace: " + r);
    }

    private static JsonPath asSam(String path) {
        return given().baseUri(LocalStack.BOUNTY).header("Authorization", "Bearer " + Tokens.forUser(KEYCLOAK, "sam", "sam"))
                .get(path, bountyId).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aContributorFindsAppliesSubmitsAndFollowsABountyWithTheCli() throws Exception {
        EnvhubCli anonymous = cli("anonymous");
        // the board, anonymously: the new bounty on one line, and in --json the API's own document
        EnvhubCli.Result list = anonymous.run("bounty", "list", "--domain", "legal", "--tier", "application_only");
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(list.out().lines().anyMatch(l -> l.startsWith(bountyId + " ") && l.contains(TITLE)
                && l.contains("1,800 USD") && l.contains("application only")), list.out());
        EnvhubCli.Result json = anonymous.run("bounty", "list", "--domain", "legal", "--json");
        assertEquals(0, json.exitCode(), json.toString());
        assertTrue(JsonPath.from(json.out()).getList("items.id", Long.class).contains(bountyId), json.out());
        EnvhubCli.Result show = anonymous.run("bounty", "show", Long.toString(bountyId));
        assertEquals(0, show.exitCode(), show.toString());
        assertTrue(show.out().contains(TITLE) && show.out().contains("Has 100 contracts")
                && show.out().contains("Rubric-graded"), show.out());
        refused(anonymous.run("bounty", "show", "987654321"), REFUSED, "987654321");
        Path proposal = Files.writeString(configs.resolve("proposal.md"), "I will annotate 100 contracts (" + U + ").");
        refused(anonymous.run("bounty", "apply", Long.toString(bountyId), "--proposal", proposal.toString()),
                NETWORK_OR_AUTH, "envhub login");

        EnvhubCli alice = cli("alice");
        alice.login("alice", "alice");
        // application-only: no submission before an accepted application
        refused(alice.run("bounty", "submit", Long.toString(bountyId), "alice/" + ENV + "@0.1.0"), REFUSED, "accepted");
        assertEquals(List.of(), asSam("/api/v1/bounties/{id}/submissions").getList("id"));

        EnvhubCli.Result applied = alice.run("bounty", "apply", Long.toString(bountyId), "--proposal", proposal.toString());
        assertEquals(0, applied.exitCode(), applied.toString());
        assertTrue(applied.out().contains("Applied to bounty " + bountyId) && applied.out().contains("pending"), applied.out());
        JsonPath apps = asSam("/api/v1/bounties/{id}/applications");
        assertEquals(List.of("alice"), apps.getList("applicant"));
        assertEquals(List.of("pending"), apps.getList("status"));
        assertEquals(Files.readString(proposal), apps.getString("[0].proposal"));
        refused(alice.run("bounty", "apply", Long.toString(bountyId), "--proposal", proposal.toString()), REFUSED,
                "already");

        given().baseUri(LocalStack.BOUNTY).header("Authorization", "Bearer " + Tokens.forUser(KEYCLOAK, "sam", "sam"))
                .contentType(ContentType.JSON).body(Map.of("decision", "accept", "comment", "Go ahead " + U))
                .post("/api/v1/bounties/{id}/applications/{app}/decision", bountyId, apps.getLong("[0].id"))
                .then().statusCode(200);

        EnvhubCli.Result missing = alice.run("bounty", "submit", Long.toString(bountyId), "alice/no-such-env-" + U + "@9.9.9");
        refused(missing, REFUSED, "alice/no-such-env-" + U + "@9.9.9 is not published on the hub");
        assertTrue(!missing.err().contains("wheel"), "a submission is not a push: " + missing);
        // NAME@VERSION: the owner is the signed-in user, asked of the hub
        EnvhubCli.Result submitted = alice.run("bounty", "submit", Long.toString(bountyId), ENV + "@0.1.0");
        assertEquals(0, submitted.exitCode(), submitted.toString());
        assertTrue(submitted.out().contains("Submitted alice/" + ENV + "@0.1.0 to bounty " + bountyId), submitted.out());
        JsonPath subs = asSam("/api/v1/bounties/{id}/submissions");
        assertEquals(List.of("alice"), subs.getList("submitter"));
        assertEquals(List.of("alice/" + ENV), subs.getList("environment"));
        assertEquals(List.of("0.1.0"), subs.getList("version"));
        assertEquals(List.of(wheelSha256), subs.getList("sha256"), "the submitted bytes are the pushed wheel");
        assertEquals(List.of("submitted"), subs.getList("status"));
        refused(alice.run("bounty", "submit", Long.toString(bountyId), "alice/" + ENV + "@0.1.0"), REFUSED, "already");

        EnvhubCli.Result status = alice.run("bounty", "status");
        assertEquals(0, status.exitCode(), status.toString());
        assertTrue(status.out().contains("bounty " + bountyId + " '" + TITLE + "': accepted — \"Go ahead " + U + "\""),
                status.out());
        assertTrue(status.out().contains("bounty " + bountyId + " '" + TITLE + "': alice/" + ENV + "@0.1.0 submitted"),
                status.out());
        EnvhubCli.Result statusJson = alice.run("bounty", "status", "--json");
        assertEquals(0, statusJson.exitCode(), statusJson.toString());
        JsonPath mine = JsonPath.from(statusJson.out());
        assertTrue(mine.getList("applications.bountyId", Long.class).contains(bountyId), statusJson.out());
        assertTrue(mine.getList("submissions.id", Long.class).contains(subs.getLong("[0].id")), statusJson.out());
    }
}
