package io.envhub.web.view;

import io.quarkus.qute.TemplateExtension;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Formatting helpers for templates, null-safe: {@code {fmt:bytes(v.size)}}, {@code {fmt:day(env.createdAt)}}. */
@TemplateExtension(namespace = "fmt")
public final class Formats {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT);
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT);
    private static final long KIB = 1024;

    private Formats() {
    }

    /** {@code 1536} -> {@code 1.5 KB}. */
    public static String bytes(Long size) {
        if (size == null) {
            return "-";
        }
        if (size < KIB) {
            return size + " B";
        }
        if (size < KIB * KIB) {
            return String.format(Locale.ROOT, "%.1f KB", size / (double) KIB);
        }
        return String.format(Locale.ROOT, "%.1f MB", size / (double) (KIB * KIB));
    }

    /** The UTC day of a timestamp, {@code 2026-11-30}. */
    public static String day(OffsetDateTime when) {
        return when == null ? "-" : when.atZoneSameInstant(ZoneOffset.UTC).format(DAY);
    }

    /** A timestamp to the minute, in UTC. */
    public static String minute(OffsetDateTime when) {
        return when == null ? "-" : when.atZoneSameInstant(ZoneOffset.UTC).format(MINUTE);
    }

    /** The first 12 hex digits of a digest. */
    public static String shortHash(String sha256) {
        return sha256 == null ? "-" : sha256.substring(0, Math.min(12, sha256.length()));
    }

    /** {@code 12345} -> {@code 12,345}; null (not known) -> {@code -}. */
    public static String total(Long n) {
        return n == null ? "-" : String.format(Locale.ROOT, "%,d", n);
    }

    /** {@code 12345} -> {@code 12,345}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A fraction as a percentage, {@code 0.523} -> {@code 52.3%}. */
    public static String percent(Double fraction) {
        return fraction == null ? "-" : String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    /** A score with three decimals. */
    public static String score(Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%.3f", value);
    }

    /** Percent-encodes a query parameter value. */
    public static String urlParam(String value) {
        return value == null ? "" : URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
