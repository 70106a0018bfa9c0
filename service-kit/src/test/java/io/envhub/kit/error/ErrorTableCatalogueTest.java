package io.envhub.kit.error;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.ProblemCode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every code the kit's error table can answer with is in the {@link ProblemCode} catalogue: its rows' fixed types, the
 * fallback for unknown exceptions, and the fixed codes of the exception types (the others take a catalogue entry).
 */
class ErrorTableCatalogueTest {
    @Test
    void everyFixedTypeOfTheKitsRowsIsCatalogued() {
        for (ErrorTable.Row row : ErrorTable.ROWS) {
            if (row.type() != null) {
                assertTrue(ProblemCode.find(row.type()).isPresent(), row.exception().getSimpleName() + " -> " + row.type());
            }
        }
    }

    @Test
    void theFallbackAndTheFixedExceptionCodesAreCatalogued() {
        ErrorTable table = new ErrorTable(List.of());
        List<String> codes = List.of(
                table.lookup(new IllegalStateException("unknown")).type(),
                new ApiException.NotFound("x").code(),
                new ApiException.Forbidden("x").code(),
                new ApiException.SignInRequired("x").code(),
                new ApiException.TooLarge("x").code(),
                new ApiException.TooManyRequests("x", 1).code());
        for (String code : codes) {
            assertTrue(ProblemCode.find(code).isPresent(), code);
        }
    }
}
