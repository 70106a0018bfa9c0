package io.envhub.registry.error;

import io.envhub.format.FormatException;
import io.envhub.registry.storage.StorageException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;
import java.util.List;

/** The one table that maps exceptions to HTTP status, problem type and title. First matching row wins. */
final class ErrorTable {
    /** One row: exceptions of this class answer with this status, problem type and title. */
    record Row(Class<? extends Throwable> exception, int status, String type, String title) {
    }

    static final List<Row> ROWS = List.of(
            new Row(ApiException.NotFound.class, 404, null, "Not found"),
            new Row(ApiException.Conflict.class, 409, null, "Conflict"),
            new Row(ApiException.Forbidden.class, 403, null, "Not allowed"),
            new Row(ApiException.SignInRequired.class, 401, null, "Authentication required"),
            new Row(ApiException.Invalid.class, 400, null, "Invalid request"),
            new Row(ApiException.TooLarge.class, 413, null, "Upload too large"),
            new Row(ApiException.Unsupported.class, 415, null, "Unsupported media type"),
            new Row(ApiException.TooManyRequests.class, 429, null, "Too many requests"),
            new Row(FormatException.class, 400, null, "Invalid package"),
            new Row(UnauthorizedException.class, 401, "unauthorized", "Authentication required"),
            new Row(AuthenticationFailedException.class, 401, "unauthorized", "Authentication required"),
            new Row(ForbiddenException.class, 403, "forbidden", "Not allowed"),
            new Row(ConstraintViolationException.class, 400, "invalid-request", "Invalid request"),
            new Row(StorageException.class, 503, "storage-unavailable", "Object store unavailable"),
            new Row(io.envhub.registry.security.UserState.Unavailable.class, 503, "identity-unavailable", "Identity provider unavailable"));

    private ErrorTable() {
    }

    /** The row for an exception; a null type in a row means "the exception's own code". */
    static Row lookup(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof java.nio.channels.ClosedChannelException) {
                return new Row(c.getClass(), 400, "upload-interrupted", "Upload interrupted");
            }
            // the JSON reader wraps these in a bare 400 WebApplicationException
            if (c instanceof com.fasterxml.jackson.core.JsonProcessingException) {
                return new Row(c.getClass(), 400, "invalid-json", "Invalid request");
            }
            // PostgreSQL refuses NUL and unencodable characters in text: the client sent them, not our fault
            if (c instanceof java.sql.SQLException sql && ("22021".equals(sql.getSQLState()) || "22P05".equals(sql.getSQLState()))) {
                return new Row(c.getClass(), 400, "invalid-characters", "Invalid request");
            }
        }
        if (t instanceof WebApplicationException wae) {
            int status = wae.getResponse().getStatus();
            return new Row(wae.getClass(), status, "http-" + status, wae.getResponse().getStatusInfo().getReasonPhrase());
        }
        for (Row row : ROWS) {
            if (row.exception().isInstance(t)) {
                String type = row.type();
                if (type == null && t instanceof ApiException api) {
                    type = api.code();
                } else if (type == null && t instanceof FormatException fe) {
                    type = fe.code().replace('.', '-').replace('_', '-');
                }
                return new Row(row.exception(), row.status(), type, row.title());
            }
        }
        return new Row(Throwable.class, 500, "internal-error", "Internal error");
    }
}
