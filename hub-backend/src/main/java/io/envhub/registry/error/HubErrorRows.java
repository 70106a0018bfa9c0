package io.envhub.registry.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.envhub.contract.ProblemCode;
import io.envhub.format.FormatException;
import io.envhub.kit.error.ErrorRows;
import io.envhub.kit.error.ErrorTable.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * hub-backend's own rows of the error table (the kit's {@code ErrorTable}): uploads, packages, unreadable input. The
 * features add the rows of their own exceptions ({@code StorageErrorRows}, {@code SecurityErrorRows},
 * {@code ModerationErrorRows}).
 */
@ApplicationScoped
public class HubErrorRows implements ErrorRows {
    static final List<Row> ROWS = List.of(
            new Row(ClosedChannelException.class, 400, ProblemCode.UPLOAD_INTERRUPTED.code(), "Upload interrupted")
                    .inCauses("The connection closed before the upload finished; nothing was stored. Push again."),
            new Row(FormatException.class, 400, null, "Invalid package")
                    .typedBy(t -> ProblemCode.formatCode(((FormatException) t).code())));

    @Override
    public List<Row> rows() {
        return ROWS;
    }

    /**
     * Errors the client caused that arrive wrapped: an unreadable JSON body (the JSON reader wraps it in a bare 400)
     * and text PostgreSQL refuses to store (NUL, unencodable characters: SQL states 22021 and 22P05). And a write the
     * database aborted for a deadlock or a serialization failure (40P01, 40001) even after its retries
     * ({@code RetryOnDeadlock}): nothing was changed and the same request may succeed, so 503, not 500.
     */
    @Override
    public Optional<Row> match(Throwable error) {
        for (Throwable c = error; c != null; c = c.getCause()) {
            if (c instanceof JsonProcessingException) {
                return Optional.of(new Row(c.getClass(), 400, ProblemCode.INVALID_JSON.code(), "Invalid request")
                        .inCauses(InputProblems.detail(error)));
            }
            if (c instanceof SQLException sql && ("22021".equals(sql.getSQLState()) || "22P05".equals(sql.getSQLState()))) {
                return Optional.of(new Row(c.getClass(), 400, ProblemCode.INVALID_CHARACTERS.code(), "Invalid request")
                        .inCauses("A field or path segment contains a NUL byte or a character that cannot be stored."));
            }
            if (c instanceof SQLException sql && ("40P01".equals(sql.getSQLState()) || "40001".equals(sql.getSQLState()))) {
                return Optional.of(new Row(c.getClass(), 503, ProblemCode.WRITE_CONFLICT.code(), "Service unavailable")
                        .inCauses("Concurrent changes kept conflicting with this one, so nothing was changed. Try again."));
            }
        }
        return Optional.empty();
    }
}
