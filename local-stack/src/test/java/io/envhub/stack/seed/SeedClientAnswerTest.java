package io.envhub.stack.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What the seeder prints of a refusal: the problem's detail, else the start of whatever the answer was. */
class SeedClientAnswerTest {

    @Test
    void theDetailOfAProblemElseTheStartOfTheBody() {
        assertEquals("Owner 'sam' does not exist.", new SeedClient.Answer(404, "{\"type\":\"https://envhub.dev/problems/"
                + "not-found\",\"title\":\"Not found\",\"status\":404,\"detail\":\"Owner 'sam' does not exist.\"}").reason());
        assertEquals("{\"title\":\"Not found\"}", new SeedClient.Answer(404, "{\"title\":\"Not found\"}").reason());
        assertEquals("null", new SeedClient.Answer(500, "null").reason());
        assertEquals("<html>Bad gateway</html>", new SeedClient.Answer(502, "<html>Bad gateway</html>").reason());
        assertEquals("x".repeat(160) + "...", new SeedClient.Answer(502, "x".repeat(200)).reason());
    }
}
