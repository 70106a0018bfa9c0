package io.envhub.registry.index;

import static io.restassured.RestAssured.given;

import io.envhub.format.hash.Sha256;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import java.util.LinkedHashMap;
import java.util.Map;

/** Environments pushed through the real API for the index tests (once per test run). */
final class IndexFixtures {
    /** Yank reason with characters that must be escaped in HTML. */
    static final String YANK_REASON = "broken \"reward\" <b> & 'quotes'";

    private static final Map<String, TestWheels.Built> PUSHED = new LinkedHashMap<>();

    private IndexFixtures() {
    }

    /** Pushes {@code owner/name} at this version as alice (once); returns the wheel. */
    static synchronized TestWheels.Built pushed(String name, String version, String visibility) {
        return PUSHED.computeIfAbsent(name + "@" + version, k -> {
            TestWheels.Built wheel = TestWheels.environment(name, version);
            var req = given().auth().oauth2(alice()).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream");
            if (visibility != null) {
                req = req.multiPart("visibility", visibility);
            }
            req.post("/api/v1/environments/alice/" + name + "/versions").then().statusCode(201);
            return wheel;
        });
    }

    /** Yanks a version of one of alice's environments. */
    static void yank(String name, String version, String reason) {
        given().auth().oauth2(alice()).contentType("application/json").body(Map.of("reason", reason))
                .post("/api/v1/environments/alice/" + name + "/versions/" + version + "/yank").then().statusCode(200);
    }

    static String alice() {
        return Tokens.forUser("alice", "alice");
    }

    static String sha256(byte[] bytes) {
        return Sha256.hex(Sha256.digest(bytes));
    }
}
