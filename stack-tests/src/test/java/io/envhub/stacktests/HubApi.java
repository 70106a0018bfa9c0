package io.envhub.stacktests;

import static io.restassured.RestAssured.given;

import io.envhub.contract.TrustStatus;
import io.envhub.testsupport.TestWheels;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

/** The running stack's hub-backend public API, used as a client would: push wheels, read versions. */
final class HubApi {
    private HubApi() {
    }

    /** Lower-case hex sha256 of some bytes. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The environment name in a wheel's file name ({@code my_env-1.0.0-py3-none-any.whl} gives {@code my-env}). */
    static String name(TestWheels.Built wheel) {
        return wheel.filename().substring(0, wheel.filename().indexOf('-')).replace('_', '-');
    }

    /**
     * Pushes a wheel (with its sha256, which the backend checks) under {@code owner}; a new environment gets
     * {@code visibility}.
     *
     * @param bearer an access token or personal access token
     */
    static void push(String bearer, String owner, TestWheels.Built wheel, String visibility) {
        given().baseUri(LocalStack.BACKEND).header("Authorization", "Bearer " + bearer)
                .multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .multiPart("sha256", sha256(wheel.bytes()))
                .multiPart("visibility", visibility)
                .post("/api/v1/environments/{owner}/{name}/versions", owner, name(wheel))
                .then().statusCode(201);
    }

    /**
     * Polls a public version's verdict ({@code trustStatus}, the API's one status vocabulary) until the validator has
     * decided (anything but {@code validating}).
     *
     * @return {@code passed} for verified, flagged or static checks only, else the verdict (failed, error)
     * @throws AssertionError when it is still validating after {@code timeout}
     */
    static String awaitValidation(String owner, String name, String version, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String status = null;
        while (System.nanoTime() < deadline) {
            status = given().baseUri(LocalStack.BACKEND)
                    .get("/api/v1/environments/{owner}/{name}/versions/{version}", owner, name, version)
                    .then().statusCode(200).extract().path("trustStatus");
            if (status != null && !TrustStatus.VALIDATING.is(status)) {
                return TrustStatus.find(status).map(TrustStatus::passed).orElse(false) ? "passed" : status;
            }
            Thread.sleep(1_000);
        }
        throw new AssertionError(owner + "/" + name + " " + version + " still " + status + " after " + timeout);
    }

    /** The pip install command the backend offers for a public environment. */
    static String pipCommand(String owner, String name) {
        return given().baseUri(LocalStack.BACKEND).get("/api/v1/environments/{owner}/{name}", owner, name)
                .then().statusCode(200).extract().path("install.pip");
    }
}
