package io.envhub.registry.error;

import io.envhub.registry.storage.StorageException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;
import java.util.List;

/** The one table that maps exceptions to HTTP status and problem type. First matching row wins. */
final class ErrorTable {
    /** One row: exceptions of this class answer with this status, problem type and title. */
    record Row(Class<? extends Throwable> exception, int status, String type, String title) {
    }

    static final List<Row> ROWS = List.of(
            new Row(UnauthorizedException.class, 401, "unauthorized", "Authentication required"),
            new Row(AuthenticationFailedException.class, 401, "unauthorized", "Authentication required"),
            new Row(ForbiddenException.class, 403, "forbidden", "Not allowed"),
            new Row(ConstraintViolationException.class, 400, "invalid-request", "Invalid request"),
            new Row(IllegalArgumentException.class, 400, "invalid-request", "Invalid request"),
            new Row(StorageException.class, 503, "storage-unavailable", "Object store unavailable"));

    private ErrorTable() {
    }

    static Row lookup(Throwable t) {
        if (t instanceof WebApplicationException wae) {
            int status = wae.getResponse().getStatus();
            return new Row(wae.getClass(), status, "http-" + status, wae.getResponse().getStatusInfo().getReasonPhrase());
        }
        for (Row row : ROWS) {
            if (row.exception().isInstance(t)) {
                return row;
            }
        }
        return new Row(Throwable.class, 500, "internal-error", "Internal error");
    }
}
