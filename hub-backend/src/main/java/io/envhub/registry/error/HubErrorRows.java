package io.envhub.registry.error;

import io.envhub.format.FormatException;
import io.envhub.kit.error.ErrorRows;
import io.envhub.kit.error.ErrorTable.Row;
import io.envhub.registry.storage.StorageException;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.channels.ClosedChannelException;
import java.util.List;

/** hub-backend's own rows of the error table (the kit's {@code ErrorTable}): uploads, packages, the object store. */
@ApplicationScoped
public class HubErrorRows implements ErrorRows {
    static final List<Row> ROWS = List.of(
            new Row(ClosedChannelException.class, 400, "upload-interrupted", "Upload interrupted")
                    .inCauses("The connection closed before the upload finished; nothing was stored. Push again."),
            new Row(FormatException.class, 400, null, "Invalid package")
                    .typedBy(t -> ((FormatException) t).code().replace('.', '-').replace('_', '-')),
            new Row(StorageException.class, 503, "storage-unavailable", "Object store unavailable"));

    @Override
    public List<Row> rows() {
        return ROWS;
    }
}
