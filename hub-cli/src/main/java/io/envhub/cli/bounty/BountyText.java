package io.envhub.cli.bounty;

import io.envhub.contract.bounty.BountyJson.Application;
import io.envhub.contract.bounty.BountyJson.Award;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.BountyPage;
import io.envhub.contract.bounty.BountyJson.Clarification;
import io.envhub.contract.bounty.BountyJson.Review;
import io.envhub.contract.bounty.BountyJson.Submission;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;

/** How the {@code envhub bounty} commands print bounty-service's answers for people (the JSON goes out as it is), read
 * into contract's bounty records. */
public final class BountyText {
    private BountyText() {
    }

    /**
     * A reward in minor units with its currency: {@code (150000, USD)} -> {@code 1,500 USD}, {@code (12050, EUR)} ->
     * {@code 120.50 EUR}.
     *
     * @param minor amount in the currency's minor units
     * @param currency ISO 4217 code
     * @return the amount as people read it
     */
    public static String money(long minor, String currency) {
        int digits = 2;
        try {
            digits = Math.max(0, Currency.getInstance(currency).getDefaultFractionDigits());
        } catch (IllegalArgumentException | NullPointerException e) {
            digits = 2;
        }
        BigDecimal amount = BigDecimal.valueOf(minor, digits);
        boolean whole = amount.stripTrailingZeros().scale() <= 0;
        String number = whole ? String.format(Locale.ROOT, "%,d", amount.longValue())
                : String.format(Locale.ROOT, "%,." + digits + "f", amount);
        return number + " " + (currency == null ? "" : currency);
    }

    /**
     * Time left before a deadline: {@code 12 days left}, {@code 5 hours left}, {@code deadline passed}.
     *
     * @param deadline ISO-8601 timestamp, or null/blank
     * @param now the current time
     * @return the countdown
     */
    public static String countdown(String deadline, Instant now) {
        if (deadline == null || deadline.isBlank()) {
            return "no deadline";
        }
        Instant end;
        try {
            end = OffsetDateTime.parse(deadline).toInstant();
        } catch (DateTimeParseException e) {
            return deadline;
        }
        Duration left = Duration.between(now, end);
        if (left.isNegative()) {
            return "deadline passed";
        }
        if (left.toHours() < 48) {
            long h = Math.max(1, left.toHours());
            return h + (h == 1 ? " hour" : " hours") + " left";
        }
        long d = left.toDays();
        return d + " days left";
    }

    /**
     * Time left before a deadline: {@code 12 days left}, {@code 5 hours left}, {@code deadline passed}.
     *
     * @param deadline the deadline, or null
     * @param now the current time
     * @return the countdown
     */
    public static String countdown(OffsetDateTime deadline, Instant now) {
        return deadline == null ? "no deadline" : countdown(wire(deadline), now);
    }

    /**
     * One line per bounty of a list answer, with a header; a sentence when there are none.
     *
     * @param page the list answer
     * @param now the current time
     * @return the lines
     */
    public static List<String> list(BountyPage page, Instant now) {
        List<String> lines = new ArrayList<>();
        List<Bounty> items = page.items() == null ? List.of() : page.items();
        if (items.isEmpty()) {
            lines.add("No bounties match.");
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "%-6s %-16s %-16s %-14s %-16s %-7s %s", "ID", "TIER", "DOMAIN", "REWARD",
                "DEADLINE", "LEFT", "TITLE"));
        for (Bounty b : items) {
            lines.add(String.format(Locale.ROOT, "%-6s %-16s %-16s %-14s %-16s %-7s %s", b.id(),
                    text(b.tier()).replace('_', ' '), text(b.domain()), money(b.rewardMinor(), b.currency()),
                    countdown(b.deadline(), now), b.awardsLeft() + "/" + b.maxAwards(), text(b.title())));
        }
        if (page.total() > items.size()) {
            lines.add("(" + items.size() + " of " + page.total() + "; narrow with --domain or --tier)");
        }
        return lines;
    }

    /**
     * A bounty in full.
     *
     * @param b the detail answer
     * @param now the current time
     * @return the lines
     */
    public static List<String> show(Bounty b, Instant now) {
        List<String> lines = new ArrayList<>();
        lines.add("#" + b.id() + " " + text(b.title()) + "  [" + text(b.status()) + "]");
        lines.add("  tier:     " + text(b.tier()).replace('_', ' ') + "    domain: " + text(b.domain()));
        lines.add("  reward:   " + money(b.rewardMinor(), b.currency()) + " per award, " + b.awardsLeft() + " of "
                + b.maxAwards() + " awards left");
        lines.add("  deadline: " + (b.deadline() == null ? "-" : wire(b.deadline())) + " (" + countdown(b.deadline(), now)
                + ")");
        lines.add("  sponsor:  " + (b.sponsor() == null ? "-" : b.sponsor()));
        if (b.description() != null && !b.description().isBlank()) {
            lines.add("");
            b.description().lines().forEach(l -> lines.add("  " + l));
        }
        lines.add("");
        lines.add("Acceptance criteria:");
        int i = 1;
        for (String c : listOf(b.criteria())) {
            lines.add("  " + i++ + ". " + c);
        }
        if (!listOf(b.clarifications()).isEmpty()) {
            lines.add("Clarifications:");
            for (Clarification c : b.clarifications()) {
                lines.add("  " + day(c.createdAt() == null ? "" : wire(c.createdAt())) + " " + text(c.text()));
            }
        }
        if (!listOf(b.awarded()).isEmpty()) {
            lines.add("Awarded:");
            for (Award a : b.awarded()) {
                lines.add("  " + text(a.environment()) + "@" + text(a.version()) + " by " + text(a.submitter()));
            }
        }
        if (!listOf(b.allowedActions()).isEmpty()) {
            lines.add("You may: " + String.join(", ", b.allowedActions()));
        }
        return lines;
    }

    /**
     * The contributor's applications and submissions.
     *
     * @param applications list answer of {@code /me/applications}
     * @param submissions list answer of {@code /me/submissions}
     * @return the lines
     */
    public static List<String> status(List<Application> applications, List<Submission> submissions) {
        List<String> lines = new ArrayList<>();
        lines.add("Applications:");
        if (applications.isEmpty()) {
            lines.add("  none");
        }
        for (Application a : applications) {
            lines.add("  bounty " + a.bountyId() + " " + quoted(text(a.bountyTitle())) + ": " + text(a.status())
                    + comment(text(a.decisionComment())));
        }
        lines.add("Submissions:");
        if (submissions.isEmpty()) {
            lines.add("  none");
        }
        for (Submission s : submissions) {
            Review review = s.lastReview();
            String last = review == null ? "" : comment(text(review.comment()));
            lines.add("  #" + s.id() + " bounty " + s.bountyId() + " " + quoted(text(s.bountyTitle())) + ": "
                    + text(s.environment()) + "@" + text(s.version()) + " " + text(s.status()).replace('_', ' ') + last);
        }
        return lines;
    }

    /** A timestamp as bounty-service writes it (ISO-8601 with its offset, {@code Z} for UTC). */
    private static String wire(OffsetDateTime t) {
        return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t);
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    private static <T> List<T> listOf(List<T> l) {
        return l == null ? List.of() : l;
    }

    private static String quoted(String s) {
        return s.isBlank() ? "" : "'" + s + "'";
    }

    private static String comment(String c) {
        return c.isBlank() ? "" : " — \"" + c.strip().replaceAll("\\s+", " ") + "\"";
    }

    private static String day(String timestamp) {
        return timestamp.length() >= 10 ? timestamp.substring(0, 10) : timestamp;
    }
}
