package io.envhub.format.name;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProjectNameTest {

    @ParameterizedTest
    @CsvSource({
        "Reverse_Text, reverse-text",
        "reverse.text, reverse-text",
        "reverse-text, reverse-text",
        "REVERSE--TEXT, reverse-text",
        "reverse_.-text, reverse-text",
        "a, a",
        "Foo.Bar_baz-Qux, foo-bar-baz-qux",
        "pkg2, pkg2",
        "1password, 1password",
    })
    void normalizesPerPep503(String raw, String normalized) {
        assertEquals(normalized, ProjectName.normalize(raw));
        assertEquals(normalized, ProjectName.of(raw).normalized());
    }

    @ParameterizedTest
    @CsvSource({
        "Reverse_Text, reverse_text",
        "reverse.text, reverse_text",
        "a-b-c, a_b_c",
        "simple, simple",
    })
    void moduleAndWheelNames(String raw, String expected) {
        ProjectName name = ProjectName.of(raw);
        assertEquals(expected, name.moduleName());
        assertEquals(expected, name.wheelName());
    }

    @Test
    void equalityIsOnTheNormalizedForm() {
        assertEquals(ProjectName.of("Reverse_Text"), ProjectName.of("reverse.text"));
        assertEquals(ProjectName.of("Reverse_Text").hashCode(), ProjectName.of("reverse-text").hashCode());
        assertNotEquals(ProjectName.of("reverse-text"), ProjectName.of("reversetext"));
        assertEquals("Reverse_Text", ProjectName.of("Reverse_Text").original());
        assertEquals("reverse-text", ProjectName.of("Reverse_Text").toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "-abc| must start with an ASCII letter or digit",
        "_abc| must start with an ASCII letter or digit",
        "abc.| must end with an ASCII letter or digit",
        "abc-| must end with an ASCII letter or digit",
        "a b| character ' ' at position 2 is not allowed",
        "caf\u00e9| character U+00E9 at position 4 is not allowed",
        "a/b| character '/' at position 2",
        "a+b| character '+' at position 2",
        "../x| character '/' at position 3",
    })
    void refusesInvalidNamesWithReason(String raw, String reasonPart) {
        InvalidNameException e = assertThrows(InvalidNameException.class, () -> ProjectName.of(raw));
        assertTrue(e.getMessage().contains(reasonPart), e.getMessage());
        assertTrue(e.getMessage().contains("'" + raw + "'"), e.getMessage());
        assertEquals("name.invalid", e.code());
        assertEquals(raw, e.name());
        assertFalse(ProjectName.isValid(raw));
    }

    @Test
    void refusesEmptyAndNull() {
        assertTrue(assertThrows(InvalidNameException.class, () -> ProjectName.of("")).getMessage().contains("empty"));
        assertTrue(assertThrows(InvalidNameException.class, () -> ProjectName.of(null)).getMessage().contains("missing"));
    }

    @Test
    void acceptsValidNames() {
        for (String ok : new String[] {"a", "A1", "reverse-text", "x.y_z-w", "0", "Z9"}) {
            assertTrue(ProjectName.isValid(ok), ok);
        }
    }
}
