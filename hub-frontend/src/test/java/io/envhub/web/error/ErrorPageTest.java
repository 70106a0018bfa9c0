package io.envhub.web.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.ClientWebApplicationException;
import org.junit.jupiter.api.Test;

class ErrorPageTest {
    private static ClientWebApplicationException backend(int status, String problem) {
        Response res = Response.status(status).type("application/problem+json").entity(problem).build();
        return new ClientWebApplicationException(res);
    }

    @Test
    void backendAnswersMapToPagesThatSayWhy() {
        ErrorPage forbidden = ErrorPage.of(backend(403,
                "{\"type\":\"x\",\"title\":\"Not allowed\",\"detail\":\"Publishing needs the contributor role.\"}"));
        assertEquals(403, forbidden.status());
        assertEquals("Publishing needs the contributor role.", forbidden.message());
        ErrorPage missing = ErrorPage.of(backend(404, "{\"detail\":\"alice/secret does not exist\"}"));
        assertEquals(404, missing.status());
        assertEquals("There is nothing here, or it is private and you may not see it.", missing.message());
        assertEquals(503, ErrorPage.of(backend(500, "oops")).status());
        assertEquals(503, ErrorPage.of(new ProcessingException("connection refused")).status());
        assertEquals(404, ErrorPage.of(new NotFoundException()).status());
    }
}
