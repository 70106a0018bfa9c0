package io.envhub.bounty;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.eclipse.microprofile.config.ConfigProvider;

/** Puts environments into the real hub-backend as users and the real validator would (see {@link HubBackendTestResource}). */
public final class Hub {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Hub() {
    }

    /** How a pushed version's validation ends. */
    public enum Outcome {
        /** validated, runtime checks ran and passed */
        RUNTIME_VERIFIED,
        /** validated on static checks only */
        STATIC_ONLY,
        /** failed */
        FAILED,
        /** left pending (not validated yet) */
        PENDING
    }

    /** The backend's base URL. */
    public static String url() {
        return ConfigProvider.getConfig().getValue("envhub.test.hub-url", String.class);
    }

    /** A unique suffix for names made by one test run. */
    public static String unique() {
        return Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    }

    /** Pushes {@code user/name@version} as {@code user} and validates it with the given outcome; returns its sha256. */
    public static String publish(String user, String name, String version, Outcome outcome) {
        TestWheels.Built wheel = TestWheels.environment(name, version);
        Response pushed = given().baseUri(url()).header("Authorization", "Bearer " + Tokens.forUser(user, user))
                .multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/{owner}/{name}/versions", user, name);
        pushed.then().statusCode(201).contentType(ContentType.JSON);
        String sha = sha256(wheel.bytes());
        if (outcome != Outcome.PENDING) {
            validate(user, name, version, outcome);
        }
        return sha;
    }

    /** Yanks a version as its owner. */
    public static void yank(String user, String name, String version) {
        given().baseUri(url()).header("Authorization", "Bearer " + Tokens.forUser(user, user)).contentType(ContentType.JSON)
                .body("{\"reason\":\"broken\"}").post("/api/v1/environments/{o}/{n}/versions/{v}/yank", user, name, version)
                .then().statusCode(200);
    }

    /** Quarantines a version as ada (an admin of the hub), with {@code reason} as the moderators' public reason. */
    public static void quarantine(String owner, String name, String version, String reason) {
        given().baseUri(url()).header("Authorization", "Bearer " + Tokens.forUser("ada", "ada")).contentType(ContentType.JSON)
                .body(JSON.createObjectNode().put("reason", reason).toString())
                .post("/api/v1/admin/environments/{o}/{n}/versions/{v}/quarantine", owner, name, version).then().statusCode(200);
    }

    /** Deletes a version as its owner. */
    public static void delete(String user, String name, String version) {
        given().baseUri(url()).header("Authorization", "Bearer " + Tokens.forUser(user, user))
                .delete("/api/v1/environments/{o}/{n}/versions/{v}", user, name, version).then().statusCode(204);
    }

    /**
     * Claims validation jobs as the package-validator service account until the one for {@code owner/name version}
     * comes up, and posts its report; other jobs met on the way get a runtime-verified report.
     */
    private static void validate(String owner, String name, String version, Outcome outcome) {
        String bearer = "Bearer " + Tokens.forClient("package-validator", "dev-validator-secret");
        for (int i = 0; i < 500; i++) {
            Response claim = given().baseUri(url()).header("Authorization", bearer).contentType(ContentType.JSON)
                    .body("{\"worker\":\"bounty-test\"}").post("/internal/v1/validation/claim");
            if (claim.statusCode() == 204) {
                throw new IllegalStateException("no validation job for " + owner + "/" + name + " " + version);
            }
            claim.then().statusCode(200);
            long job = claim.jsonPath().getLong("jobId");
            boolean mine = owner.equals(claim.jsonPath().getString("owner")) && name.equals(claim.jsonPath().getString("name"))
                    && version.equals(claim.jsonPath().getString("version"));
            ObjectNode body = JSON.createObjectNode().put("worker", "bounty-test");
            body.set("report", report(mine ? outcome : Outcome.RUNTIME_VERIFIED));
            given().baseUri(url()).header("Authorization", bearer).contentType(ContentType.JSON).body(body.toString())
                    .post("/internal/v1/validation/{job}/result", job).then().statusCode(200);
            if (mine) {
                return;
            }
        }
        throw new IllegalStateException("gave up claiming jobs");
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode report(Outcome outcome) {
        boolean ok = outcome != Outcome.FAILED;
        ObjectNode r = JSON.createObjectNode().put("status", ok ? "validated" : "failed")
                .put("runtimeVerified", outcome == Outcome.RUNTIME_VERIFIED).put("summary", ok ? "validated" : "failed: x");
        r.putArray("checks").addObject().put("id", "runtime.rewards").put("status", ok ? "pass" : "fail").put("message", "ok")
                .put("durationMs", 1);
        return r;
    }
}
