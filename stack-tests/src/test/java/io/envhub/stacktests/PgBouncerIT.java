package io.envhub.stacktests;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.stack.Http;
import io.envhub.stack.PostgresLauncher;
import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.HubBackendServer;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PgBouncerProcess;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.RepoPaths;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.restassured.http.ContentType;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * hub-backend and bounty-service (their packaged jars) work through a real PgBouncer in transaction mode with a pool
 * of two server connections: Flyway's migrations at start, a push, counted downloads (the batched flush and the
 * shared de-duplication window), search, yank and unyank, the rate-limited token creation, a validation claim
 * (FOR UPDATE SKIP LOCKED), bounty-service's reads and 24 concurrent requests multiplexed over the two server
 * connections. PgBouncer's own statistics show the transactions went through it. Debian 12's PgBouncer is 1.18, so
 * the URLs carry {@code prepareThreshold=0} (README, "PgBouncer").
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgBouncerIT {

    private static final Path BOUNTY_JAR = RepoPaths.root().resolve("bounty-service/target/quarkus-app/quarkus-run.jar");

    private PostgresLauncher server;
    private String database;
    private PgBouncerProcess bouncer;
    private final HubBackendServer hub = new HubBackendServer();
    private String hubUrl;
    private Process bounty;
    private String bountyUrl;

    @BeforeAll
    void start() throws Exception {
        Prerequisites.require(PgBouncerProcess.available(), "pgbouncer (apt-get install -y pgbouncer)");
        Prerequisites.require(HubBackendServer.available() && BOUNTY_JAR.toFile().isFile(), "the packaged services");
        new KeycloakTestResource().start();
        server = PostgresLauncher.ensure("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "", null, 0);
        database = PostgresTestResource.newDatabaseName();
        server.createDatabaseIfMissing(database);
        bouncer = PgBouncerProcess.start(server.host(), server.port(), server.user(), 2);
        Map<String, String> db = Map.of("ENVHUB_DB_URL", bouncer.jdbcUrl(database), "ENVHUB_DB_USER", server.user(),
                "ENVHUB_DB_PASSWORD", server.password(), "ENVHUB_DOWNLOAD_DEDUP_WINDOW", "PT60S");
        hubUrl = hub.start(db, "pgbouncer-hub-backend.log");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        bountyUrl = "http://127.0.0.1:" + port;
        ProcessBuilder pb = new ProcessBuilder("java", "-Xmx256m", "-jar", BOUNTY_JAR.toString());
        pb.environment().putAll(db);
        pb.environment().putAll(Map.of("QUARKUS_HTTP_PORT", String.valueOf(port), "ENVHUB_BACKEND_URL", hubUrl,
                "ENVHUB_KEYCLOAK_URL", KeycloakTestResource.baseUrl(), "QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false"));
        pb.redirectErrorStream(true).redirectOutput(Path.of("target", "pgbouncer-bounty-service.log").toFile());
        bounty = pb.start();
        assertTrue(Http.awaitOk(bountyUrl + "/q/health/ready", Duration.ofSeconds(120), bounty::isAlive),
                "bounty-service not ready through pgbouncer; see target/pgbouncer-bounty-service.log\n" + bouncer.log());
    }

    @AfterAll
    void stop() throws Exception {
        if (bounty != null) {
            bounty.destroy();
            bounty.waitFor(20, TimeUnit.SECONDS);
        }
        hub.stop();
        if (bouncer != null) {
            bouncer.close();
        }
        if (server != null) {
            server.dropDatabase(database);
            server.close();
        }
    }

    @Test
    void theServicesWorkThroughPgBouncerInTransactionMode() throws Exception {
        long before = transactions();
        // both schemas were migrated through PgBouncer at start
        assertEquals(List.of("hub", "bounty"), schemasWithHistory());

        String alice = Tokens.forUser("alice", "alice");
        TestWheels.Built wheel = TestWheels.environment("bouncy-env", "1.0.0");
        given().baseUri(hubUrl).auth().oauth2(alice).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/bouncy-env/versions").then().statusCode(201);
        // the rate-limited token creation (its window is a row upserted through PgBouncer)
        given().baseUri(hubUrl).auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("name", "bouncer", "scopes", List.of("read"))).post("/api/v1/tokens").then().statusCode(201);
        // the validation queue: a worker's claim (FOR UPDATE SKIP LOCKED) and its failure report
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        long job = given().baseUri(hubUrl).auth().oauth2(validator).contentType(ContentType.JSON)
                .body(Map.of("worker", "pgbouncer-it")).post("/internal/v1/validation/claim").then().statusCode(200)
                .body("version", equalTo("1.0.0")).extract().jsonPath().getLong("jobId");
        given().baseUri(hubUrl).auth().oauth2(validator).contentType(ContentType.JSON)
                .body(Map.of("worker", "pgbouncer-it", "error", "test")).post("/internal/v1/validation/" + job + "/failure")
                .then().statusCode(200);
        // yank and unyank, read back
        given().baseUri(hubUrl).auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("reason", "pgbouncer"))
                .post("/api/v1/environments/alice/bouncy-env/versions/1.0.0/yank").then().statusCode(200);
        given().baseUri(hubUrl).auth().oauth2(alice).get("/api/v1/environments/alice/bouncy-env/versions/1.0.0").then()
                .statusCode(200).body("yankReason", equalTo("pgbouncer"));
        given().baseUri(hubUrl).auth().oauth2(alice).post("/api/v1/environments/alice/bouncy-env/versions/1.0.0/unyank")
                .then().statusCode(200);

        // 24 concurrent requests (downloads, searches, bounty lists) over 2 server connections
        ExecutorService pool = Executors.newFixedThreadPool(12);
        List<Future<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            answers.add(pool.submit(() -> given().baseUri(hubUrl).redirects().follow(false)
                    .get("/api/v1/environments/alice/bouncy-env/versions/1.0.0/download").statusCode()));
            answers.add(pool.submit(() -> given().baseUri(hubUrl).get("/api/v1/environments?q=bouncy").statusCode()));
            answers.add(pool.submit(() -> given().baseUri(bountyUrl).get("/api/v1/bounties").statusCode()));
        }
        Map<Integer, Integer> codes = new HashMap<>();
        for (Future<Integer> f : answers) {
            codes.merge(f.get(2, TimeUnit.MINUTES), 1, Integer::sum);
        }
        pool.shutdown();
        assertEquals(Map.of(302, 8, 200, 16), codes);
        given().baseUri(hubUrl).get("/api/v1/environments?q=bouncy").then().statusCode(200).body("total", equalTo(1));
        // eight anonymous downloads from one address: one counted, written by the flush through PgBouncer
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int counted = 0;
        while (System.nanoTime() < deadline && counted == 0) {
            counted = given().baseUri(hubUrl).get("/api/v1/environments/alice/bouncy-env").then().extract().path("downloadCount");
            Thread.sleep(250);
        }
        assertEquals(1, counted);
        given().baseUri(bountyUrl).auth().oauth2(alice).get("/api/v1/me/earnings").then().statusCode(200);

        long through = transactions() - before;
        assertTrue(through > 50, "transactions through pgbouncer: " + through);
        Map<String, Long> mine = bouncer.stats(server.user()).get(database);
        assertTrue(mine.get("total_query_count") > mine.get("total_xact_count") / 2, mine.toString());
    }

    private long transactions() {
        Map<String, Long> s = bouncer.stats(server.user()).get(database);
        return s == null ? 0 : s.get("total_xact_count");
    }

    private List<String> schemasWithHistory() throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = server.connect(database); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT table_schema FROM information_schema.tables WHERE table_name ="
                     + " 'flyway_schema_history' ORDER BY table_schema DESC")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
