package io.envhub.stacktests;

import static io.envhub.stacktests.StackPages.signIn;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.stack.Http;
import io.envhub.stack.Ports;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.envhub.testsupport.Chromium;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * A crash must not become an outage: on one running stack, each component in turn is killed with SIGKILL at its worst
 * moment (the validator in the middle of a validation job, hub-backend in the middle of a push, bounty-service between
 * an approval and its payout and again while the payout waits for confirmation, Keycloak's launcher with its JVM left
 * behind while a user is signed in, the object store in the middle of an upload and again at rest, the frontend) and
 * {@code ./envhub-stack up} is run again. It must start only what is down, leave every running component alone (same
 * pid), bring everything back healthy, and lose or double nothing: every acknowledged version exists once and was
 * validated once, every job finished, the award was paid once, the ledger balances and reconciles, and the signed-in
 * user still sees her paid award. When a component cannot start, {@code up} says why once, with that component's own
 * log lines, and stops nothing it did not start. The payout worker's own crash points (between each of its steps) are
 * {@code PayoutCrashTest}'s in bounty-service.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CrashRecoveryIT {
    private static final String OWNER = "alice";
    private static final List<String> COMPONENTS = List.of("infra", "keycloak", "hub-backend", "bounty-service",
            "package-validator", "hub-frontend");
    /** Pushed and acknowledged (201) versions: name to version; each must end validated and stay so. */
    private static final Map<String, String> ACKNOWLEDGED = new LinkedHashMap<>();

    private static final String BOUNTY_TITLE = "Crash-proof bookkeeping drills " + Long.toString(System.nanoTime() % 1_000_000L, 36);
    /** The submission approved before bounty-service was killed (set by the bounty test, read by later ones). */
    private static final long[] SUBMISSION = {-1};

    private static LocalStack stack;

    @BeforeAll
    static void startStack() throws Exception {
        // a short lease (with heartbeats well inside it) so that a job whose worker was killed is claimed again soon
        stack = LocalStack.up(Duration.ofMinutes(20), Map.of("ENVHUB_VALIDATION_LEASE", "PT20S",
                "ENVHUB_VALIDATOR_WORKER_HEARTBEAT_INTERVAL", "PT5S"));
    }

    @AfterAll
    static void stopStack() throws Exception {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    @Order(1)
    void validatorKilledMidJobFinishesTheJobAfterUp() throws Exception {
        TestWheels.Built wheel = TestWheels.environment("crash-validator", "1.0.0");
        HubApi.push(token(), OWNER, wheel, "public");
        ACKNOWLEDGED.put(HubApi.name(wheel), "1.0.0");
        awaitClaim(HubApi.name(wheel), "1.0.0");

        Map<String, Long> before = killAndUp("package-validator");

        assertUntouchedExcept(before, "package-validator");
        assertEquals("passed", HubApi.awaitValidation(OWNER, HubApi.name(wheel), "1.0.0", Duration.ofMinutes(3)),
                "the job the killed worker held is claimed again and finished");
    }

    @Test
    @Order(2)
    void backendKilledMidPushLeavesNothingAndTakesThePushAgain() throws Exception {
        TestWheels.Built wheel = TestWheels.environment("crash-backend", "1.0.0");
        String name = HubApi.name(wheel);
        Map<String, Long> before;
        try (Socket socket = new Socket("127.0.0.1", 8081)) {
            // a raw push whose body has only half arrived when the backend dies
            OutputStream out = socket.getOutputStream();
            out.write(rawPushHead(name, wheel));
            out.write(wheel.bytes(), 0, wheel.bytes().length / 2);
            out.flush();
            before = killAndUp("hub-backend");
        }
        assertUntouchedExcept(before, "hub-backend");
        assertEquals(404, Http.status(LocalStack.BACKEND + "/api/v1/environments/" + OWNER + "/" + name + "/versions/1.0.0"),
                "the cut-off push left no version behind");

        HubApi.push(token(), OWNER, wheel, "public");
        ACKNOWLEDGED.put(name, "1.0.0");
        assertEquals("passed", HubApi.awaitValidation(OWNER, name, "1.0.0", Duration.ofMinutes(3)));
    }

    @Test
    @Order(3)
    void frontendAndBountyServiceComeBack() throws Exception {
        for (String component : List.of("hub-frontend", "bounty-service")) {
            Map<String, Long> before = killAndUp(component);
            assertUntouchedExcept(before, component);
        }
        assertEquals(200, Http.status(LocalStack.FRONTEND + "/"));
    }

    @Test
    @Order(4)
    void bountyServiceKilledBetweenAnApprovalAndItsPayoutPaysExactlyOnce() throws Exception {
        String name = pushAndValidate("crash-bounty");
        long bounty = BountyMoney.openBounty(BOUNTY_TITLE, 250_000);
        SUBMISSION[0] = BountyMoney.submitAndApprove(bounty, name, "1.0.0");
        List<Map<String, Object>> payouts = BountyMoney.payoutsOf(SUBMISSION[0]);
        assertEquals(1, payouts.size(), "the approval wrote its payout: " + payouts);
        long payout = ((Number) payouts.get(0).get("id")).longValue();
        System.out.println("payout at the kill: " + payouts.get(0).get("status"));

        // killed right after the approval (the worker sends every 15 s), then again while the payout waits as sent
        assertUntouchedExcept(killAndUp("bounty-service"), "bounty-service");
        awaitPayout(SUBMISSION[0], "sent");
        assertUntouchedExcept(killAndUp("bounty-service"), "bounty-service");

        assertEquals("confirmed", BountyMoney.confirm(payout, "SEPA-CRASH-1"));
        assertEquals("confirmed", BountyMoney.confirm(payout, "SEPA-CRASH-1"), "confirming again answers the same");
        assertEquals(1, BountyMoney.payoutsOf(SUBMISSION[0]).size(), "one payout for one approval");
        assertEquals(1L, count("select count(*) from bounty.ledger_transactions where kind = 'payout' and submission_id = ?",
                SUBMISSION[0]), "paid once in the ledger");
        assertTrue(BountyMoney.reconciled(), "the reconciliation is green");
    }

    @Test
    @Order(5)
    void keycloakKilledWithLiveSessionsUsersSignInAgainAndKeepTheirWork() throws Exception {
        try (Chromium browser = Chromium.start()) {
            ChromeDriver alice = browser.driver();
            signIn(alice, "alice");
            alice.get(LocalStack.FRONTEND + "/me/earnings");
            assertTrue(alice.getPageSource().contains(BOUNTY_TITLE), "alice sees her paid award before the crash");

            // kill -9 of kc.sh leaves Keycloak's JVM running on the port: up must clear it, not give up on a busy port
            Map<String, Long> before = killAndUp("keycloak");
            assertUntouchedExcept(before, "keycloak");

            alice.get(LocalStack.FRONTEND + "/me/earnings");
            boolean signedOut = !alice.findElements(By.id("kc-form-login")).isEmpty()
                    || alice.findElements(By.cssSelector("header .who strong")).isEmpty();
            System.out.println("after Keycloak's crash alice " + (signedOut ? "signs in again" : "is still signed in"));
            if (signedOut) {
                signIn(alice, "alice");
                alice.get(LocalStack.FRONTEND + "/me/earnings");
            }
            assertEquals("alice", alice.findElement(By.cssSelector("header .who strong")).getText());
            WebElement row = alice.findElement(By.xpath("//tr[.//a[text()='" + BOUNTY_TITLE + "']]"));
            assertTrue(row.getText().contains("paid") && row.getText().contains("SEPA-CRASH-1"), row.getText());
        }
        pushAndValidate("crash-keycloak");
    }

    @Test
    @Order(6)
    void objectStoreKilledMidUploadLeavesNoVersionAndTakesThePushAgain() throws Exception {
        TestWheels.Built wheel = TestWheels.environment("crash-upload", "1.0.0");
        String name = HubApi.name(wheel);
        Map<String, Long> before = pids();
        int status;
        try (Socket socket = new Socket("127.0.0.1", 8081)) {
            socket.setSoTimeout(120_000);
            OutputStream out = socket.getOutputStream();
            out.write(rawPushHead(name, wheel));
            out.write(wheel.bytes(), 0, wheel.bytes().length / 2);
            out.flush();
            long victim = before.get("infra");
            assertTrue(ProcessHandle.of(victim).map(ProcessHandle::destroyForcibly).orElse(false), "killed infra");
            awaitGone(victim);
            out.write(wheel.bytes(), wheel.bytes().length / 2, wheel.bytes().length - wheel.bytes().length / 2);
            out.flush();
            String statusLine = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            status = Integer.parseInt(statusLine.split(" ")[1]);
        }
        assertTrue(status >= 500, "the push cannot be stored while the object store is down: " + status);
        LocalStack.Result up = stack.call("up", Map.of());
        assertEquals(0, up.code(), up.output());
        assertAllHealthy();
        assertUntouchedExcept(before, "infra");
        assertEquals(404, Http.status(LocalStack.BACKEND + "/api/v1/environments/" + OWNER + "/" + name + "/versions/1.0.0"),
                "the failed push left no version behind");
        pushAndValidate("crash-upload");
    }

    @Test
    @Order(7)
    void objectStoreKilledComesBackWithItsData() throws Exception {
        Map<String, Long> before = killAndUp("infra");
        assertUntouchedExcept(before, "infra");
        pushAndValidate("crash-infra");
        for (Map.Entry<String, String> acknowledged : ACKNOWLEDGED.entrySet()) {
            String download = LocalStack.BACKEND + "/api/v1/environments/" + OWNER + "/" + acknowledged.getKey()
                    + "/versions/" + acknowledged.getValue() + "/download";
            String location = given().redirects().follow(false).get(download).then().statusCode(302).extract()
                    .header("Location");
            assertEquals(200, Http.status(location), "the wheel stored before the crash is still there: " + download);
        }
    }

    @Test
    @Order(8)
    void aComponentThatCannotStartStopsNothingElse() throws Exception {
        Map<String, Long> before = pids();
        ProcessHandle.of(before.get("bounty-service")).ifPresent(ProcessHandle::destroyForcibly);
        awaitDown(8082);
        try (ServerSocket foreign = new ServerSocket(8082, 50, InetAddress.getLoopbackAddress())) {
            LocalStack.Result up = stack.call("up", Map.of());
            assertEquals(1, up.code(), up.output());
            assertTrue(up.output().contains("port 8082 needed by bounty-service is in use by a program this stack did not start"),
                    up.output());
            assertTrue(up.seconds() < 60, "it fails fast: " + up.seconds() + " s");
            assertTrue(up.output().contains("nothing was started by this call; what was running keeps running"), up.output());
            assertUntouchedExcept(before, "bounty-service");
            assertTrue(foreign.isBound(), "the foreign program keeps its port");
        }
        LocalStack.Result up = stack.call("up", Map.of());
        assertEquals(0, up.code(), up.output());
        assertAllHealthy();
    }

    @Test
    @Order(9)
    void aComponentThatExitsWhileStartingIsReportedOnceWithItsOwnLog() throws Exception {
        Map<String, Long> before = pids();
        ProcessHandle.of(before.get("package-validator")).ifPresent(ProcessHandle::destroyForcibly);
        awaitDown(8083);
        LocalStack.Result up = stack.call("up", Map.of("ENVHUB_MAX_UPLOAD_BYTES", "not-a-number"));
        assertEquals(1, up.code(), up.output());
        String out = up.output();
        assertTrue(out.contains("package-validator exited while starting"), out);
        assertTrue(out.contains("max-wheel-bytes"), "the validator's own error is quoted: " + out);
        assertEquals(1, out.split("last lines of package-validator's log", -1).length - 1, "the log is printed once: " + out);
        assertFalse(out.contains("SRHCK01001"), "no health-report lines: " + out);
        assertFalse(out.contains("\"loggerName\""), "JSON log lines are shown as level and message: " + out);
        assertTrue(out.contains("Expected start times here"), out);
        assertTrue(out.contains("stopping what this call started: package-validator"), out);
        assertUntouchedExcept(before, "package-validator");

        LocalStack.Result again = stack.call("up", Map.of());
        assertEquals(0, again.code(), again.output());
        assertAllHealthy();
        for (Map.Entry<String, String> acknowledged : ACKNOWLEDGED.entrySet()) {
            assertEquals("passed", HubApi.awaitValidation(OWNER, acknowledged.getKey(), acknowledged.getValue(),
                    Duration.ofMinutes(1)), "no acknowledged push was lost: " + acknowledged);
        }
    }

    @Test
    @Order(10)
    void afterEveryCrashNothingWasLostOrDoubled() throws Exception {
        assertEquals((long) ACKNOWLEDGED.size(), count("select count(*) from hub.versions v join hub.environments e "
                + "on e.id = v.environment_id where e.name like 'crash-%'"), "exactly the acknowledged versions: " + ACKNOWLEDGED);
        assertEquals(0L, count("select count(*) from hub.validation_jobs where state <> 'done'"), "every job finished");
        for (Map.Entry<String, String> acknowledged : ACKNOWLEDGED.entrySet()) {
            assertEquals(1L, count("select count(*) from hub.events where type = 'version.validated' and object->>'name' = ? "
                    + "and object->>'version' = ?", acknowledged.getKey(), acknowledged.getValue()),
                    "validated exactly once: " + acknowledged);
        }
        assertEquals(0L, count("select count(*) from (select currency from bounty.ledger_entries group by currency "
                + "having sum(amount_minor) <> 0) unbalanced"), "every currency sums to zero");
        assertEquals(1L, count("select count(*) from bounty.payouts where submission_id = ? and status = 'confirmed'",
                SUBMISSION[0]), "the award was paid once");
        assertTrue(BountyMoney.reconciled());
    }

    private static byte[] rawPushHead(String name, TestWheels.Built wheel) {
        return ("PUT /api/v1/environments/" + OWNER + "/" + name + "/files/" + wheel.filename() + "?sha256="
                + HubApi.sha256(wheel.bytes()) + "&visibility=public HTTP/1.1\r\nHost: 127.0.0.1:8081\r\n"
                + "Authorization: Bearer " + token() + "\r\nContent-Type: application/octet-stream\r\n"
                + "Content-Length: " + wheel.bytes().length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** A count query on this stack's own database. */
    private static long count(String sql, Object... args) throws Exception {
        try (Connection c = DriverManager.getConnection(stack.jdbcUrl(), "postgres", "");
             PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static void awaitPayout(long submission, String wanted) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        List<Map<String, Object>> payouts = List.of();
        while (System.nanoTime() < deadline) {
            payouts = BountyMoney.payoutsOf(submission);
            if (payouts.size() == 1 && wanted.equals(payouts.get(0).get("status"))) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the payout of submission " + submission + " never became " + wanted + ": " + payouts);
    }

    /** Records every component's pid, kills one with SIGKILL, runs up; returns the pids from before. */
    private static Map<String, Long> killAndUp(String component) throws Exception {
        Map<String, Long> before = pids();
        long victim = before.get(component);
        assertTrue(ProcessHandle.of(victim).map(ProcessHandle::destroyForcibly).orElse(false), "killed " + component);
        awaitGone(victim);
        LocalStack.Result up = stack.call("up", Map.of());
        assertEquals(0, up.code(), "up after killing " + component + ":\n" + up.output());
        assertNotEquals(victim, stack.pid(component), component + " was started again");
        assertAllHealthy();
        return before;
    }

    private static Map<String, Long> pids() throws IOException {
        Map<String, Long> pids = new LinkedHashMap<>();
        for (String c : COMPONENTS) {
            pids.put(c, stack.pid(c));
        }
        return pids;
    }

    /** Every component but {@code except} still runs as the same process: up stopped and restarted nothing else. */
    private static void assertUntouchedExcept(Map<String, Long> before, String except) throws IOException {
        List<String> touched = new ArrayList<>();
        for (String c : COMPONENTS) {
            if (!c.equals(except) && (stack.pid(c) != before.get(c)
                    || !ProcessHandle.of(before.get(c)).map(ProcessHandle::isAlive).orElse(false))) {
                touched.add(c);
            }
        }
        assertTrue(touched.isEmpty(), "up stopped or replaced components it did not need to: " + touched);
    }

    private static void assertAllHealthy() {
        for (int port : List.of(8080, 8081, 8082, 8083)) {
            assertEquals(200, Http.status("http://127.0.0.1:" + port + "/q/health/ready"), "service on " + port);
        }
        assertEquals(200, Http.status(LocalStack.KEYCLOAK + "/realms/envhub/.well-known/openid-configuration"));
        assertEquals(403, Http.status("http://127.0.0.1:9000/"), "S3Proxy answers and refuses unsigned requests");
    }

    private static String pushAndValidate(String name) throws InterruptedException {
        TestWheels.Built wheel = TestWheels.environment(name, "1.0.0");
        HubApi.push(token(), OWNER, wheel, "public");
        ACKNOWLEDGED.put(HubApi.name(wheel), "1.0.0");
        assertEquals("passed", HubApi.awaitValidation(OWNER, HubApi.name(wheel), "1.0.0", Duration.ofMinutes(3)));
        return HubApi.name(wheel);
    }

    private static String token() {
        return Tokens.forUser(LocalStack.KEYCLOAK, OWNER, OWNER);
    }

    /**
     * Waits until the validator says it claimed the version's job (its log's {@code claimed job} line): the public API
     * says {@code validating} both while queued and while held (one status vocabulary, issue 36), so the log tells.
     */
    private static void awaitClaim(String name, String version) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        java.nio.file.Path log = stack.log("package-validator");
        String target = OWNER + "/" + name + "@" + version;
        while (System.nanoTime() < deadline) {
            if (java.nio.file.Files.exists(log) && java.nio.file.Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .anyMatch(line -> line.contains("claimed job ") && line.contains(target))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the validator never claimed " + target + " (" + log + ")");
    }

    private static void awaitGone(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }

    private static void awaitDown(int port) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (Ports.answers("127.0.0.1", port)) {
            assertTrue(System.nanoTime() < deadline, "port " + port + " still answers");
            Thread.sleep(50);
        }
    }
}
