package io.envhub.web.settings;

import io.quarkus.qute.TemplateExtension;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** Formatting used by the settings templates ({@code {settings:date(t.createdAt)}}). */
@TemplateExtension(namespace = "settings")
public final class SettingsFormat {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd");
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'");

    private SettingsFormat() {
    }

    /** A day, e.g. {@code 2026-05-20}; a dash for none. */
    static String date(OffsetDateTime time) {
        return time == null ? "-" : time.withOffsetSameInstant(ZoneOffset.UTC).format(DAY);
    }

    /** A moment to the minute in UTC; a dash for none. */
    static String time(OffsetDateTime time) {
        return time == null ? "-" : time.withOffsetSameInstant(ZoneOffset.UTC).format(MINUTE);
    }

    /** Tags as the settings form edits them: comma-separated. */
    static String tags(List<String> tags) {
        return tags == null ? "" : String.join(", ", tags);
    }
}
