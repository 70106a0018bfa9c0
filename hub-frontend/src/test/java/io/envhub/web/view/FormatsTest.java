package io.envhub.web.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The template helpers write what their formatter-based forms wrote. */
class FormatsTest {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT);

    @Test
    void dayIsTheUtcDayAsTheFormatterWritesIt() {
        OffsetDateTime[] times = {OffsetDateTime.parse("2026-11-30T23:10:05.123+02:00"),
                OffsetDateTime.parse("2026-12-01T01:00:00-05:00"), OffsetDateTime.parse("0999-01-02T00:00:00Z"),
                OffsetDateTime.parse("9999-12-31T23:59:59-01:00"), OffsetDateTime.parse("+12026-03-04T05:06:07Z"),
                OffsetDateTime.parse("-0001-03-04T05:06:07Z")};
        for (OffsetDateTime t : times) {
            assertEquals(t.atZoneSameInstant(ZoneOffset.UTC).format(DAY), Formats.day(t), t.toString());
        }
        assertEquals("2026-11-30", Formats.day(OffsetDateTime.parse("2026-11-30T23:10:05+02:00")));
        assertEquals("-", Formats.day(null));
    }

    @Test
    void numbersAsBefore() {
        assertEquals("1.5 KB", Formats.bytes(1536L));
        assertEquals("2.0 MB", Formats.bytes(2L * 1024 * 1024));
        assertEquals("12,345", Formats.count(12345));
        assertEquals("-", Formats.total(null));
        assertEquals("52.3%", Formats.percent(0.523));
        assertEquals("0.125", Formats.score(0.125));
    }
}
