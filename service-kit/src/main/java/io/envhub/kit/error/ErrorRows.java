package io.envhub.kit.error;

import java.util.List;
import java.util.Optional;

/**
 * A service's own rows of the error table (for exceptions the kit does not know, e.g. a storage or package-format
 * exception). Implement it as a CDI bean; its rows are checked before the kit's.
 */
public interface ErrorRows {
    /** The rows, in the order they are checked. */
    List<ErrorTable.Row> rows();

    /**
     * A row for an error that a class alone cannot pick (e.g. a database error by its SQL state, or a detail read from
     * the error); consulted before every table row.
     */
    default Optional<ErrorTable.Row> match(Throwable error) {
        return Optional.empty();
    }
}
