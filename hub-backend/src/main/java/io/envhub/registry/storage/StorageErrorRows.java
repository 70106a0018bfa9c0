package io.envhub.registry.storage;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ErrorRows;
import io.envhub.kit.error.ErrorTable.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The error table's row for the object store: a {@link StorageException} answers 503 so that clients retry. */
@ApplicationScoped
public class StorageErrorRows implements ErrorRows {
    static final List<Row> ROWS = List.of(
            new Row(StorageException.class, 503, ProblemCode.STORAGE_UNAVAILABLE.code(), "Object store unavailable"));

    @Override
    public List<Row> rows() {
        return ROWS;
    }
}
