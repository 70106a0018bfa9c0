package io.envhub.web.bounty;

import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.BountyRequest;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sponsor's bounty form (create, edit a draft) as posted: fields as typed, checked before bounty-service sees
 * them (which checks them again); the reward is typed in currency units ({@code 1500} or {@code 1500.50}).
 *
 * @param title title
 * @param domain one of {@link BoardQuery#DOMAINS}
 * @param description Markdown
 * @param criteria one acceptance criterion per line
 * @param tier {@code open_access} or {@code application_only}
 * @param reward reward per award in currency units, as typed
 * @param currency ISO 4217 code
 * @param maxAwards number of awards, as typed
 * @param deadline deadline day {@code yyyy-mm-dd} (end of that day, UTC)
 * @param errors field (or {@code form}) to message
 */
public record BountyForm(String title, String domain, String description, String criteria, String tier, String reward,
                         String currency, String maxAwards, String deadline, Map<String, String> errors) {
    /** Currencies offered. */
    public static final List<String> CURRENCIES = List.of("USD", "EUR", "GBP", "CHF");

    public BountyForm {
        errors = new LinkedHashMap<>(errors == null ? Map.of() : errors);
    }

    /** An empty form for a new bounty. */
    public static BountyForm blank() {
        return new BountyForm("", "medicine", "", "", "open_access", "", "USD", "1",
                LocalDate.now(ZoneOffset.UTC).plusDays(60).toString(), Map.of());
    }

    /** The form filled with a draft's values. */
    public static BountyForm of(Bounty b) {
        int digits = digits(b.currency());
        return new BountyForm(b.title(), b.domain(), b.description() == null ? "" : b.description(),
                String.join("\n", b.criteria() == null ? List.of() : b.criteria()), b.tier(),
                BigDecimal.valueOf(b.rewardMinor(), digits).stripTrailingZeros().toPlainString(), b.currency(),
                Integer.toString(b.maxAwards()), b.deadline() == null ? "" : lastDay(b.deadline()),
                Map.of());
    }

    /** Checks a posted form. */
    public static BountyForm posted(String title, String domain, String description, String criteria, String tier,
                                    String reward, String currency, String maxAwards, String deadline) {
        BountyForm f = new BountyForm(clean(title), clean(domain), description == null ? "" : description.strip(),
                criteria == null ? "" : criteria.strip(), clean(tier), clean(reward),
                clean(currency).toUpperCase(Locale.ROOT), clean(maxAwards), clean(deadline), Map.of());
        Map<String, String> e = f.errors;
        if (f.title.isEmpty()) {
            e.put("title", "Give the bounty a title.");
        }
        if (!BoardQuery.DOMAINS.contains(f.domain)) {
            e.put("domain", "Choose a domain.");
        }
        if (f.criteriaList().isEmpty()) {
            e.put("criteria", "List at least one acceptance criterion, one per line.");
        }
        if (!BoardQuery.TIERS.contains(f.tier)) {
            e.put("tier", "Choose a tier.");
        }
        if (f.rewardMinor() == null) {
            e.put("reward", "Type the reward per award as an amount, e.g. 1500 or 250.50.");
        }
        Integer awards = f.awards();
        if (awards == null || awards < 1) {
            e.put("maxAwards", "Awards must be a whole number, at least 1.");
        }
        if (f.deadlineTime() == null) {
            e.put("deadline", "Give the deadline as a day, e.g. 2027-06-30.");
        }
        return f;
    }

    /** Whether no field has an error. */
    public boolean valid() {
        return errors.isEmpty();
    }

    /** The form's choices of domain. */
    public List<String> domains() {
        return BoardQuery.DOMAINS;
    }

    /** The form's choices of tier. */
    public List<String> tiers() {
        return BoardQuery.TIERS;
    }

    /** The form's choices of currency. */
    public List<String> currencies() {
        return CURRENCIES;
    }

    /** The API request of a valid form. */
    public BountyRequest request() {
        return new BountyRequest(title, domain, description, criteriaList(), tier, rewardMinor(), currency, awards(),
                deadlineTime());
    }

    /** The same form with a refusal of the API shown above it. */
    public BountyForm refused(String detail) {
        Map<String, String> more = new LinkedHashMap<>(errors);
        more.put("form", detail);
        return new BountyForm(title, domain, description, criteria, tier, reward, currency, maxAwards, deadline, more);
    }

    List<String> criteriaList() {
        return Arrays.stream(criteria.split("\\R")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    Long rewardMinor() {
        try {
            BigDecimal amount = new BigDecimal(reward.replace(",", ""));
            BigDecimal minor = amount.movePointRight(digits(currency));
            return amount.signum() > 0 && minor.stripTrailingZeros().scale() <= 0 ? minor.longValueExact() : null;
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    private Integer awards() {
        try {
            return Integer.valueOf(maxAwards);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private OffsetDateTime deadlineTime() {
        try {
            return LocalDate.parse(deadline).plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The last day before a deadline at midnight UTC (the day the form shows). */
    private static String lastDay(OffsetDateTime deadline) {
        return deadline.withOffsetSameInstant(ZoneOffset.UTC).minusSeconds(1).toLocalDate().toString();
    }

    private static int digits(String currency) {
        try {
            return Math.max(0, Currency.getInstance(currency).getDefaultFractionDigits());
        } catch (IllegalArgumentException | NullPointerException e) {
            return 2;
        }
    }

    private static String clean(String s) {
        return s == null ? "" : s.strip();
    }
}
