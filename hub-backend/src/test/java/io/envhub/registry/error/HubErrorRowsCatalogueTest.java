package io.envhub.registry.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParseException;
import io.envhub.contract.ProblemCode;
import io.envhub.format.FormatException;
import io.envhub.format.archive.ArchiveException;
import io.envhub.format.metadata.MetadataException;
import io.envhub.format.name.InvalidNameException;
import io.envhub.format.pyproject.PyProjectException;
import io.envhub.format.version.InvalidVersionException;
import io.envhub.format.wheel.WheelValidationException;
import io.envhub.kit.error.ErrorTable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every code hub-backend's own error rows can answer with is in the {@link ProblemCode} catalogue: the rows' fixed types,
 * the types of the errors matched by their cause, and every package-format code as the {@code FormatException} row
 * answers it (read from the row itself).
 */
class HubErrorRowsCatalogueTest {
    @Test
    void fixedTypesAndMatchedErrorsAreCatalogued() {
        HubErrorRows rows = new HubErrorRows();
        for (ErrorTable.Row row : HubErrorRows.ROWS) {
            if (row.type() != null) {
                assertTrue(ProblemCode.find(row.type()).isPresent(), row.type());
            }
        }
        String json = rows.match(new RuntimeException(new JsonParseException(null, "bad"))).orElseThrow().type();
        String nul = rows.match(new RuntimeException(new SQLException("nul", "22021"))).orElseThrow().type();
        assertEquals(ProblemCode.INVALID_JSON, ProblemCode.find(json).orElseThrow());
        assertEquals(ProblemCode.INVALID_CHARACTERS, ProblemCode.find(nul).orElseThrow());
        for (String state : List.of("40P01", "40001")) {
            ErrorTable.Row conflict = rows.match(new RuntimeException(new RuntimeException(new SQLException("abort", state))))
                    .orElseThrow();
            assertEquals(ProblemCode.WRITE_CONFLICT, ProblemCode.find(conflict.type()).orElseThrow(), state);
            assertEquals(503, conflict.status(), state);
        }
        assertTrue(rows.match(new RuntimeException(new SQLException("unique", "23505"))).isEmpty());
    }

    @Test
    void everyPackageFormatCodeAnswersACataloguedType() throws IllegalAccessException {
        ErrorTable.Row formatRow = HubErrorRows.ROWS.stream().filter(r -> r.exception() == FormatException.class)
                .findFirst().orElseThrow();
        List<String> codes = new ArrayList<>();
        for (Class<?> kind : List.of(ArchiveException.class, WheelValidationException.class, MetadataException.class,
                PyProjectException.class, InvalidNameException.class, InvalidVersionException.class)) {
            for (Field f : kind.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && Modifier.isPublic(f.getModifiers()) && f.getType() == String.class) {
                    codes.add((String) f.get(null));
                }
            }
        }
        assertTrue(codes.size() > 30, "package-format's codes: " + codes);
        for (String code : codes) {
            String type = formatRow.typeOf().apply(new FormatException(code, "x"));
            assertTrue(ProblemCode.find(type).isPresent(), code + " answers " + type + ", which is not catalogued");
        }
    }
}
