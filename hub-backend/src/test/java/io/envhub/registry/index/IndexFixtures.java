package io.envhub.registry.index;

import static io.restassured.RestAssured.given;

import io.envhub.format.hash.Sha256;
import io.envhub.format.name.ProjectName;
import io.quarkus.arc.Arc;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.persistence.EntityManager;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import java.util.LinkedHashMap;
import java.util.Map;

/** Environments pushed through the real API for the index tests (once per test run). */
public final class IndexFixtures {
    /** Yank reason with characters that must be escaped in HTML. */
    static final String YANK_REASON = "broken \"reward\" <b> & 'quotes'";

    private static final Map<String, TestWheels.Built> PUSHED = new LinkedHashMap<>();

    private IndexFixtures() {
    }

    /** Pushes {@code owner/name} at this version as alice (once) and marks it validated; returns the wheel. */
    static synchronized TestWheels.Built pushed(String name, String version, String visibility) {
        return pushed(name, version, visibility, "validated");
    }

    /** Pushes {@code owner/name} at this version as alice (once) and gives it a validation status; returns the wheel. */
    static synchronized TestWheels.Built pushed(String name, String version, String visibility, String status) {
        return PUSHED.computeIfAbsent(name + "@" + version, k -> {
            TestWheels.Built wheel = TestWheels.environment(name, version);
            var req = given().auth().oauth2(alice()).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream");
            if (visibility != null) {
                req = req.multiPart("visibility", visibility);
            }
            req.post("/api/v1/environments/alice/" + name + "/versions").then().statusCode(201);
            status("alice", name, version, status);
            return wheel;
        });
    }

    /** Yanks a version of one of alice's environments. */
    static void yank(String name, String version, String reason) {
        given().auth().oauth2(alice()).contentType("application/json").body(Map.of("reason", reason))
                .post("/api/v1/environments/alice/" + name + "/versions/" + version + "/yank").then().statusCode(200);
    }

    /**
     * Sets a version's validation status directly (what a validator's report would do), so index tests control which
     * versions the index may serve.
     */
    public static void status(String owner, String name, String version, String status) {
        EntityManager em = Arc.container().instance(EntityManager.class).get();
        int n = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("UPDATE hub.versions v SET status = ?1"
                        + " FROM hub.environments e, hub.owners o WHERE v.environment_id = e.id AND e.owner_id = o.id"
                        + " AND o.name = ?2 AND e.name = ?3 AND v.version = ?4")
                .setParameter(1, status).setParameter(2, owner).setParameter(3, ProjectName.normalize(name))
                .setParameter(4, version).executeUpdate());
        if (n != 1) {
            throw new IllegalStateException("no version " + owner + "/" + name + " " + version);
        }
    }

    static String alice() {
        return Tokens.forUser("alice", "alice");
    }

    static String sha256(byte[] bytes) {
        return Sha256.hex(Sha256.digest(bytes));
    }
}
