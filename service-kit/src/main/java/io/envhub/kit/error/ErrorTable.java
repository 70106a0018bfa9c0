package io.envhub.kit.error;

import io.envhub.contract.ProblemCode;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The one table that maps exceptions to HTTP status, problem type and title. First matching row wins. A service adds
 * the rows for its own exceptions through an {@link ErrorRows} bean; they are checked before the kit's rows.
 */
public final class ErrorTable {
    /**
     * One row: exceptions of this class answer with this status, problem type and title.
     *
     * @param type the problem type suffix; null means "the exception's own code" ({@link ApiException#code()}, or
     *             {@code typeOf} applied to the exception)
     * @param typeOf how to read the type from an exception of this row (null: {@link ApiException#code()})
     * @param inCauses whether the row also matches when the exception is anywhere in the cause chain
     * @param detail a fixed detail replacing the exception's message (null: the message)
     */
    public record Row(Class<? extends Throwable> exception, int status, String type, String title,
                      Function<Throwable, String> typeOf, boolean inCauses, String detail) {
        public Row(Class<? extends Throwable> exception, int status, String type, String title) {
            this(exception, status, type, title, null, false, null);
        }

        /** This row, its type read from the exception. */
        public Row typedBy(Function<Throwable, String> reader) {
            return new Row(exception, status, null, title, reader, inCauses, detail);
        }

        /** This row, matching the exception anywhere in the cause chain, answering with a fixed detail. */
        public Row inCauses(String fixedDetail) {
            return new Row(exception, status, type, title, typeOf, true, fixedDetail);
        }
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
            new Row(ApiException.Unavailable.class, 503, null, "Service unavailable"),
            new Row(UnauthorizedException.class, 401, ProblemCode.UNAUTHORIZED.code(), "Authentication required"),
            new Row(AuthenticationFailedException.class, 401, ProblemCode.UNAUTHORIZED.code(), "Authentication required"),
            new Row(ForbiddenException.class, 403, ProblemCode.FORBIDDEN.code(), "Not allowed"),
            new Row(ConstraintViolationException.class, 400, ProblemCode.INVALID_REQUEST.code(), "Invalid request"));

    private final List<Row> rows;

    /** The kit's rows, after the service's own {@code extra} rows. */
    public ErrorTable(List<Row> extra) {
        List<Row> all = new ArrayList<>(extra);
        all.addAll(ROWS);
        this.rows = List.copyOf(all);
    }

    /** The row for an exception, with its type resolved; an unknown exception is a 500 {@code internal-error}. */
    public Row lookup(Throwable t) {
        for (Row row : rows) {
            if (row.inCauses()) {
                for (Throwable c = t; c != null; c = c.getCause()) {
                    if (row.exception().isInstance(c)) {
                        return resolved(row, c);
                    }
                }
            }
        }
        if (t instanceof WebApplicationException wae) {
            int status = wae.getResponse().getStatus();
            return new Row(wae.getClass(), status, ProblemCode.http(status), wae.getResponse().getStatusInfo().getReasonPhrase());
        }
        for (Row row : rows) {
            if (row.exception().isInstance(t)) {
                return resolved(row, t);
            }
        }
        return new Row(Throwable.class, 500, ProblemCode.INTERNAL_ERROR.code(), "Internal error");
    }

    private static Row resolved(Row row, Throwable t) {
        String type = row.type();
        if (type == null && row.typeOf() != null) {
            type = row.typeOf().apply(t);
        } else if (type == null && t instanceof ApiException api) {
            type = api.code();
        }
        return new Row(row.exception(), row.status(), type == null ? ProblemCode.INTERNAL_ERROR.code() : type, row.title(), null,
                row.inCauses(), row.detail());
    }
}
