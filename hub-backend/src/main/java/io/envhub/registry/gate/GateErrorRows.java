package io.envhub.registry.gate;

import io.envhub.kit.error.ErrorRows;
import io.envhub.kit.error.ErrorTable.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The error table's rows of gated access: 403 without access, 401 when not signed in; type {@code access-required}. */
@ApplicationScoped
public class GateErrorRows implements ErrorRows {
    static final List<Row> ROWS = List.of(
            new Row(GateRefusal.NoAccess.class, 403, null, "Access required"),
            new Row(GateRefusal.SignIn.class, 401, null, "Access required"));

    @Override
    public List<Row> rows() {
        return ROWS;
    }
}
