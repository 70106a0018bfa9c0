package io.envhub.registry.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.contract.Problem;
import io.envhub.kit.error.Problems;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.PessimisticLockException;
import jakarta.ws.rs.core.Response;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * A write the database aborted for a deadlock or a serialization failure even after its retries answers 503
 * {@code write-conflict} with the row's own explanation (not the generic one of an unexpected error) and
 * {@code Retry-After}, as the application's problem renderer builds it.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class WriteConflictProblemTest {
    @Inject
    Problems problems;

    @Test
    void aWriteThatKeptLosingAnswers503WithRetryAfter() {
        for (String state : new String[] {"40P01", "40001"}) {
            Throwable aborted = new PessimisticLockException("aborted", new SQLException("deadlock detected", state));
            Response response = problems.problem(aborted, "/internal/v1/validation/7/result");
            assertEquals(503, response.getStatus(), state);
            assertEquals("1", response.getHeaderString("Retry-After"), state);
            Problem problem = (Problem) response.getEntity();
            assertEquals(Problem.TYPE_PREFIX + "write-conflict", problem.type(), state);
            assertEquals("Concurrent changes kept conflicting with this one, so nothing was changed. Try again.",
                    problem.detail(), state);
        }
    }

    @Test
    void anUnexpectedErrorStillHidesItsMessage() {
        Response response = problems.problem(new IllegalStateException("secret internals"), "/api/v1/x");
        assertEquals(500, response.getStatus());
        assertEquals(null, response.getHeaderString("Retry-After"));
        assertEquals("The server could not complete the request; it has been logged.",
                ((Problem) response.getEntity()).detail());
    }
}
