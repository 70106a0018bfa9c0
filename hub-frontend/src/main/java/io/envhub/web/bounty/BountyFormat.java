package io.envhub.web.bounty;

import io.quarkus.qute.TemplateExtension;
import java.math.BigDecimal;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Currency;
import java.util.Locale;

/**
 * Formatting for the bounty templates ({@code {bounty:money(b.rewardMinor, b.currency)}}): rewards in their currency's
 * own minor units and symbol, deadlines as a countdown in words, tiers and states as labels.
 */
@TemplateExtension(namespace = "bounty")
public final class BountyFormat {
    private static final long MINUTES_PER_HOUR = 60;
    private static final long HOURS_PER_DAY = 24;

    private BountyFormat() {
    }

    /**
     * A reward in minor units as people read it: {@code (150000, USD)} -> {@code $1,500}, {@code (12050, EUR)} ->
     * {@code €120.50}, {@code (5000, JPY)} -> {@code ¥5,000}; an unknown currency code is kept as the suffix.
     */
    public static String money(long minor, String currency) {
        Currency cur;
        try {
            cur = Currency.getInstance(currency == null ? "" : currency.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return String.format(Locale.ROOT, "%,.2f %s", BigDecimal.valueOf(minor, 2), currency == null ? "" : currency);
        }
        int digits = Math.max(0, cur.getDefaultFractionDigits());
        BigDecimal amount = BigDecimal.valueOf(minor, digits);
        NumberFormat format = NumberFormat.getCurrencyInstance(Locale.US);
        format.setCurrency(cur);
        boolean whole = amount.stripTrailingZeros().scale() <= 0;
        format.setMinimumFractionDigits(whole ? 0 : digits);
        format.setMaximumFractionDigits(digits);
        return format.format(amount);
    }

    /**
     * The deadline as the day the sponsor entered: a deadline is stored as midnight UTC after its last day, so
     * {@code 2027-07-01T00:00Z} reads {@code 2027-06-30 (end of day, UTC)}, not the day after.
     */
    public static String lastDay(OffsetDateTime deadline) {
        if (deadline == null) {
            return "";
        }
        return deadline.withOffsetSameInstant(java.time.ZoneOffset.UTC).minusNanos(1).toLocalDate() + " (end of day, UTC)";
    }

    /** The deadline as a countdown in words: {@code 12 days left}, {@code 5 hours left}, {@code closed 3 days ago}. */
    public static String countdown(OffsetDateTime deadline) {
        return countdown(deadline, Clock.systemUTC());
    }

    static String countdown(OffsetDateTime deadline, Clock clock) {
        if (deadline == null) {
            return "no deadline";
        }
        Duration left = Duration.between(clock.instant(), deadline.toInstant());
        boolean past = left.isNegative();
        String span = words(left.abs());
        return past ? "deadline passed " + span + " ago" : span + " left";
    }

    private static String words(Duration d) {
        long minutes = d.toMinutes();
        if (minutes < MINUTES_PER_HOUR) {
            return plural(Math.max(1, minutes), "minute");
        }
        long hours = d.toHours();
        if (hours < 2 * HOURS_PER_DAY) {
            return plural(hours, "hour");
        }
        return plural(d.toDays(), "day");
    }

    private static String plural(long n, String unit) {
        return n + " " + unit + (n == 1 ? "" : "s");
    }

    /** {@code application_only} -> {@code application only}. */
    public static String label(String code) {
        return code == null ? "" : code.replace('_', ' ');
    }
}
