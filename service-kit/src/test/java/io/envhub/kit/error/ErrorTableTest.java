package io.envhub.kit.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.envhub.contract.ProblemCode;
import io.quarkus.security.ForbiddenException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one error table: the kit's rows, rows a service adds, and what an unknown exception becomes. */
class ErrorTableTest {
    /** A service's own exception with a machine-readable code (as package-format's FormatException has). */
    static final class CodedException extends RuntimeException {
        private final String code;

        CodedException(String code) {
            super("coded");
            this.code = code;
        }
    }

    private final ErrorTable kitOnly = new ErrorTable(List.of());

    @Test
    void apiExceptionsAnswerWithTheirStatusAndOwnCode() {
        check(kitOnly.lookup(new ApiException.NotFound("x")), 404, "not-found", "Not found");
        check(kitOnly.lookup(new ApiException.Conflict(ProblemCode.BOUNTY_FULLY_AWARDED, "x")), 409, "bounty-fully-awarded", "Conflict");
        check(kitOnly.lookup(new ApiException.Forbidden(ProblemCode.SELF_DEALING, "x")), 403, "self-dealing", "Not allowed");
        check(kitOnly.lookup(new ApiException.Forbidden("x")), 403, "forbidden", "Not allowed");
        check(kitOnly.lookup(new ApiException.SignInRequired("x")), 401, "unauthorized", "Authentication required");
        check(kitOnly.lookup(new ApiException.Invalid(ProblemCode.INVALID_TIER, "x")), 400, "invalid-tier", "Invalid request");
        check(kitOnly.lookup(new ApiException.TooLarge("x")), 413, "too-large", "Upload too large");
        check(kitOnly.lookup(new ApiException.Unsupported(ProblemCode.BINARY_FILE, "x")), 415, "binary-file", "Unsupported media type");
        check(kitOnly.lookup(new ApiException.Unavailable(ProblemCode.HUB_UNAVAILABLE, "x")), 503, "hub-unavailable",
                "Service unavailable");
        check(kitOnly.lookup(new ForbiddenException()), 403, "forbidden", "Not allowed");
    }

    @Test
    void unknownExceptionsAreInternalErrors() {
        check(kitOnly.lookup(new IllegalStateException("boom")), 500, "internal-error", "Internal error");
        check(kitOnly.lookup(new CodedException("bad.thing")), 500, "internal-error", "Internal error");
    }

    @Test
    void servicesAddRowsThatAreCheckedFirst() {
        ErrorTable table = new ErrorTable(List.of(
                new ErrorTable.Row(ClosedChannelException.class, 400, "upload-interrupted", "Upload interrupted")
                        .inCauses("The connection closed."),
                new ErrorTable.Row(CodedException.class, 400, null, "Invalid package")
                        .typedBy(t -> ((CodedException) t).code.replace('.', '-')),
                new ErrorTable.Row(ApiException.NotFound.class, 410, "gone", "Gone")));
        check(table.lookup(new CodedException("bad.thing")), 400, "bad-thing", "Invalid package");
        ErrorTable.Row interrupted = table.lookup(new UncheckedIOException(new IOException(new ClosedChannelException())));
        check(interrupted, 400, "upload-interrupted", "Upload interrupted");
        assertEquals("The connection closed.", interrupted.detail());
        check(table.lookup(new ApiException.NotFound("x")), 410, "gone", "Gone");
        assertNull(table.lookup(new ApiException.Conflict(ProblemCode.VERSION_EXISTS, "x")).detail());
    }

    private static void check(ErrorTable.Row row, int status, String type, String title) {
        assertEquals(status, row.status());
        assertEquals(type, row.type());
        assertEquals(title, row.title());
    }
}
