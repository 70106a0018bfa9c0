package io.envhub.web.view;

import io.quarkus.qute.TemplateExtension;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
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
            return Numbers.fixed(size / (double) KIB, 1) + " KB";
        }
        return Numbers.fixed(size / (double) (KIB * KIB), 1) + " MB";
    }

    /** The UTC day of a timestamp, {@code 2026-11-30}. */
    public static String day(OffsetDateTime when) {
        if (when == null) {
            return "-";
        }
        LocalDate day = when.withOffsetSameInstant(ZoneOffset.UTC).toLocalDate();
        // LocalDate's own ISO form is yyyy-MM-dd for years 0..9999, without a formatter's parse state per call
        return day.getYear() >= 0 && day.getYear() <= 9999 ? day.toString() : day.format(DAY);
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
        return n == null ? "-" : Numbers.grouped(n);
    }

    /** {@code 12345} -> {@code 12,345}. */
    public static String count(long n) {
        return Numbers.grouped(n);
    }

    /** A fraction as a percentage, {@code 0.523} -> {@code 52.3%}. */
    public static String percent(Double fraction) {
        return fraction == null ? "-" : Numbers.fixed(fraction * 100, 1) + "%";
    }

    /** A score with three decimals. */
    public static String score(Double value) {
        return value == null ? "-" : Numbers.fixed(value, 3);
    }

    /** Percent-encodes a query parameter value. */
    public static String urlParam(String value) {
        return value == null ? "" : URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
