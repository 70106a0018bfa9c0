package io.envhub.kit.error;

import java.util.List;

/**
 * A service's own rows of the error table (for exceptions the kit does not know, e.g. a storage or package-format
 * exception). Implement it as a CDI bean; its rows are checked before the kit's.
 */
public interface ErrorRows {
    /** The rows, in the order they are checked. */
    List<ErrorTable.Row> rows();
}
