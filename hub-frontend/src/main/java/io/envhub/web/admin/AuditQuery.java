package io.envhub.web.admin;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * The audit page's filters: actor, target and action are passed to both services; the dates ({@code yyyy-MM-dd}, UTC,
 * both days included) are applied here. A date that does not parse is dropped and reported in {@link #error()}.
 */
public record AuditQuery(String actor, String target, String action, String from, String to, String error) {
    static AuditQuery of(String actor, String target, String action, String from, String to) {
        String error = null;
        if (!date(from) || !date(to)) {
            error = "Dates are written yyyy-mm-dd, e.g. 2026-12-01; the date filter was left out.";
            from = null;
            to = null;
        }
        return new AuditQuery(blank(actor), blank(target), blank(action), blank(from), blank(to), error);
    }

    /** Whether {@code at} falls within the dates (an entry without a time passes). */
    boolean within(OffsetDateTime at) {
        if (at == null) {
            return true;
        }
        if (from != null && at.isBefore(LocalDate.parse(from).atStartOfDay().atOffset(ZoneOffset.UTC))) {
            return false;
        }
        return to == null || at.isBefore(LocalDate.parse(to).plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC));
    }

    /** This query as a link to the audit page. */
    public String href() {
        StringBuilder b = new StringBuilder("/admin/audit?");
        param(b, "actor", actor);
        param(b, "target", target);
        param(b, "action", action);
        param(b, "from", from);
        param(b, "to", to);
        return b.substring(0, b.length() - 1);
    }

    private static void param(StringBuilder b, String name, String value) {
        if (value != null) {
            b.append(name).append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8)).append('&');
        }
    }

    private static boolean date(String s) {
        if (s == null || s.isBlank()) {
            return true;
        }
        try {
            LocalDate.parse(s.strip());
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static String blank(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
