package io.envhub.stacktests;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.stack.Http;
import io.envhub.stack.Ports;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import java.io.IOException;
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

/**
 * A crash must not become an outage: on one running stack, each component in turn is killed with SIGKILL (the
 * validator in the middle of a validation job, hub-backend in the middle of a push, Keycloak's launcher with its JVM
 * left behind, the object store, the frontend and the bounty service) and {@code ./envhub-stack up} is run again. It
 * must start only what is down, leave every running component alone (same pid), bring everything back healthy, and
 * lose no push and no validation job: every acknowledged version ends validated. When a component cannot start,
 * {@code up} says why once, with that component's own log lines, and stops nothing it did not start.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CrashRecoveryIT {
    private static final String OWNER = "alice";
    private static final List<String> COMPONENTS = List.of("infra", "keycloak", "hub-backend", "bounty-service",
            "package-validator", "hub-frontend");
    /** Pushed and acknowledged (201) versions: name to version; each must end validated and stay so. */
    private static final Map<String, String> ACKNOWLEDGED = new LinkedHashMap<>();

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
            out.write(("PUT /api/v1/environments/" + OWNER + "/" + name + "/files/" + wheel.filename() + "?sha256="
                    + HubApi.sha256(wheel.bytes()) + "&visibility=public HTTP/1.1\r\nHost: 127.0.0.1:8081\r\n"
                    + "Authorization: Bearer " + token() + "\r\nContent-Type: application/octet-stream\r\n"
                    + "Content-Length: " + wheel.bytes().length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
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
    void keycloakLauncherKilledWithItsJvmLeftBehindIsReplaced() throws Exception {
        // kill -9 of kc.sh leaves Keycloak's JVM running on the port: up must clear it, not give up on a busy port
        Map<String, Long> before = killAndUp("keycloak");
        assertUntouchedExcept(before, "keycloak");
        pushAndValidate("crash-keycloak");
    }

    @Test
    @Order(5)
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
    @Order(6)
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
    @Order(7)
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

    private static void pushAndValidate(String name) throws InterruptedException {
        TestWheels.Built wheel = TestWheels.environment(name, "1.0.0");
        HubApi.push(token(), OWNER, wheel, "public");
        ACKNOWLEDGED.put(HubApi.name(wheel), "1.0.0");
        assertEquals("passed", HubApi.awaitValidation(OWNER, HubApi.name(wheel), "1.0.0", Duration.ofMinutes(3)));
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
