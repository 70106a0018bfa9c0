package io.envhub.registry.moderation;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ErrorRows;
import io.envhub.kit.error.ErrorTable.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The error table's row for a download of a quarantined version ({@link Quarantined}): 451 with the admins' reason. */
@ApplicationScoped
public class ModerationErrorRows implements ErrorRows {
    static final List<Row> ROWS = List.of(
            new Row(Quarantined.class, 451, ProblemCode.QUARANTINED.code(), "Version quarantined"));

    @Override
    public List<Row> rows() {
        return ROWS;
    }
}
