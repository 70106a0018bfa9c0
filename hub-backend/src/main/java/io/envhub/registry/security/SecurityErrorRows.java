package io.envhub.registry.security;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ErrorRows;
import io.envhub.kit.error.ErrorTable.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The error table's row for the identity provider: Keycloak unreachable ({@link UserState.Unavailable}) answers 503. */
@ApplicationScoped
public class SecurityErrorRows implements ErrorRows {
    static final List<Row> ROWS = List.of(
            new Row(UserState.Unavailable.class, 503, ProblemCode.IDENTITY_UNAVAILABLE.code(), "Identity provider unavailable"));

    @Override
    public List<Row> rows() {
        return ROWS;
    }
}
