package io.envhub.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The catalogue's own rules: one spelling per entry, lookups by code and by full type. */
class ProblemCodeTest {
    @Test
    void everyWireCodeIsItsNameInLowerCaseWithDashes() {
        for (ProblemCode code : ProblemCode.values()) {
            assertEquals(code.name().toLowerCase(Locale.ROOT).replace('_', '-'), code.code(), code.name());
            assertTrue(code.code().matches("[a-z0-9]+(-[a-z0-9]+)*"), code.code());
        }
    }

    @Test
    void findsAnEntryByCodeOrByFullType() {
        assertEquals(Optional.of(ProblemCode.VERSION_EXISTS), ProblemCode.find("version-exists"));
        assertEquals(Optional.of(ProblemCode.VERSION_EXISTS), ProblemCode.find("https://envhub.dev/problems/version-exists"));
        assertEquals("https://envhub.dev/problems/version-exists", ProblemCode.VERSION_EXISTS.type());
        assertEquals(Optional.empty(), ProblemCode.find("no-such-code"));
        assertEquals(Optional.empty(), ProblemCode.find(null));
        assertEquals(Optional.empty(), ProblemCode.find(ProblemCode.http(405)));
    }

    @Test
    void formatCodesBecomeDashedEntries() {
        assertEquals(ProblemCode.WHEEL_DIST_INFO_MISSING.code(), ProblemCode.formatCode("wheel.dist_info_missing"));
        assertEquals(ProblemCode.NAME_INVALID.code(), ProblemCode.formatCode("name.invalid"));
    }
}
