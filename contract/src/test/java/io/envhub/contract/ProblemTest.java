package io.envhub.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The problem document on the wire: what the services write (members in this order, null ones left out, nothing
 * else) and what the clients read from it (unknown members ignored, the code of the type).
 */
class ProblemTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theServicesWriteTheFiveMembersAndLeaveOutNulls() throws Exception {
        assertEquals("{\"type\":\"https://envhub.dev/problems/version-exists\",\"title\":\"Conflict\",\"status\":409,"
                        + "\"detail\":\"a/b 1.0 was already published.\",\"instance\":\"/api/v1/environments/a/b/versions\"}",
                JSON.writeValueAsString(new Problem(ProblemCode.VERSION_EXISTS.type(), "Conflict", 409,
                        "a/b 1.0 was already published.", "/api/v1/environments/a/b/versions")));
        assertEquals("{\"type\":\"https://envhub.dev/problems/not-found\",\"title\":\"Not found\",\"status\":404}",
                JSON.writeValueAsString(new Problem(ProblemCode.NOT_FOUND.type(), "Not found", 404, null, null)));
    }

    @Test
    void aClientReadsTheCodeAndIgnoresWhatItDoesNotKnow() throws Exception {
        Problem p = JSON.readValue("{\"type\":\"https://envhub.dev/problems/version-exists\",\"title\":\"Conflict\","
                + "\"status\":409,\"detail\":\"d\",\"errors\":[{\"field\":\"x\"}]}", Problem.class);
        assertEquals("version-exists", p.code());
        assertEquals(Optional.of(ProblemCode.VERSION_EXISTS), p.known());
        assertEquals("d", p.detail());
        assertNull(p.instance());
        Problem bare = JSON.readValue("{\"title\":\"Bad gateway\"}", Problem.class);
        assertEquals("", bare.code());
        assertEquals(Optional.empty(), bare.known());
        assertEquals(0, bare.status());
        assertEquals("about:blank", JSON.readValue("{\"type\":\"about:blank\"}", Problem.class).code());
    }
}
