package io.envhub.cli.bounty;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;

/** How the {@code envhub bounty} commands print bounty-service's answers for people (the JSON goes out as it is). */
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
     * One line per bounty of a list answer ({@code items}), with a header; a sentence when there are none.
     *
     * @param page the list answer
     * @param now the current time
     * @return the lines
     */
    public static List<String> list(JsonNode page, Instant now) {
        List<String> lines = new ArrayList<>();
        JsonNode items = page.path("items");
        if (items.isEmpty()) {
            lines.add("No bounties match.");
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "%-6s %-16s %-16s %-14s %-16s %-7s %s", "ID", "TIER", "DOMAIN", "REWARD",
                "DEADLINE", "LEFT", "TITLE"));
        for (JsonNode b : items) {
            lines.add(String.format(Locale.ROOT, "%-6s %-16s %-16s %-14s %-16s %-7s %s", b.path("id").asText(),
                    b.path("tier").asText().replace('_', ' '), b.path("domain").asText(),
                    money(b.path("rewardMinor").asLong(), b.path("currency").asText(null)),
                    countdown(b.path("deadline").asText(null), now),
                    b.path("awardsLeft").asInt() + "/" + b.path("maxAwards").asInt(), b.path("title").asText()));
        }
        long total = page.path("total").asLong(items.size());
        if (total > items.size()) {
            lines.add("(" + items.size() + " of " + total + "; narrow with --domain or --tier)");
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
    public static List<String> show(JsonNode b, Instant now) {
        List<String> lines = new ArrayList<>();
        lines.add("#" + b.path("id").asText() + " " + b.path("title").asText() + "  [" + b.path("status").asText() + "]");
        lines.add("  tier:     " + b.path("tier").asText().replace('_', ' ') + "    domain: " + b.path("domain").asText());
        lines.add("  reward:   " + money(b.path("rewardMinor").asLong(), b.path("currency").asText(null)) + " per award, "
                + b.path("awardsLeft").asInt() + " of " + b.path("maxAwards").asInt() + " awards left");
        lines.add("  deadline: " + b.path("deadline").asText("-") + " (" + countdown(b.path("deadline").asText(null), now)
                + ")");
        lines.add("  sponsor:  " + b.path("sponsor").asText("-"));
        if (b.hasNonNull("description") && !b.path("description").asText().isBlank()) {
            lines.add("");
            b.path("description").asText().lines().forEach(l -> lines.add("  " + l));
        }
        lines.add("");
        lines.add("Acceptance criteria:");
        int i = 1;
        for (JsonNode c : b.path("criteria")) {
            lines.add("  " + i++ + ". " + c.asText());
        }
        if (!b.path("clarifications").isEmpty()) {
            lines.add("Clarifications:");
            for (JsonNode c : b.path("clarifications")) {
                lines.add("  " + day(c.path("createdAt").asText()) + " " + c.path("text").asText());
            }
        }
        if (!b.path("awarded").isEmpty()) {
            lines.add("Awarded:");
            for (JsonNode a : b.path("awarded")) {
                lines.add("  " + a.path("environment").asText() + "@" + a.path("version").asText() + " by "
                        + a.path("submitter").asText());
            }
        }
        if (!b.path("allowedActions").isEmpty()) {
            List<String> actions = new ArrayList<>();
            b.path("allowedActions").forEach(a -> actions.add(a.asText()));
            lines.add("You may: " + String.join(", ", actions));
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
    public static List<String> status(JsonNode applications, JsonNode submissions) {
        List<String> lines = new ArrayList<>();
        lines.add("Applications:");
        if (applications.isEmpty()) {
            lines.add("  none");
        }
        for (JsonNode a : applications) {
            lines.add("  bounty " + a.path("bountyId").asText() + " " + quoted(a.path("bountyTitle").asText("")) + ": "
                    + a.path("status").asText() + comment(a.path("decisionComment").asText("")));
        }
        lines.add("Submissions:");
        if (submissions.isEmpty()) {
            lines.add("  none");
        }
        for (JsonNode s : submissions) {
            JsonNode reviews = s.path("reviews");
            String last = reviews.isEmpty() ? "" : comment(reviews.get(reviews.size() - 1).path("comment").asText(""));
            lines.add("  #" + s.path("id").asText() + " bounty " + s.path("bountyId").asText() + " "
                    + quoted(s.path("bountyTitle").asText("")) + ": " + s.path("environment").asText() + "@"
                    + s.path("version").asText() + " " + s.path("status").asText().replace('_', ' ') + last);
        }
        return lines;
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
