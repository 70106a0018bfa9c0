package io.envhub.web.bounty;

import io.envhub.contract.BountySort;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The bounty board's filters as the GET form sends them, cleaned: unknown choices are dropped rather than sent on,
 * rewards are typed in whole currency units (the API takes minor units: cents).
 *
 * @param status {@code open} (default), {@code awarded}, {@code closed}, or empty for all
 * @param tier {@code open_access}, {@code application_only} or null
 * @param domain one of {@link #DOMAINS} or null
 * @param minReward smallest reward in whole units, or null
 * @param maxReward largest reward in whole units, or null
 * @param sort {@code newest}, {@code deadline} or {@code reward}
 * @param page 1-based page
 */
public record BoardQuery(String status, String tier, String domain, Long minReward, Long maxReward, String sort,
                         int page) {
    /** The domains a bounty may have (bounty-service's list). */
    public static final List<String> DOMAINS = List.of("medicine", "biology", "chemistry", "materials", "physics",
            "mathematics", "legal", "finance", "software", "education", "other");
    /** Bounty states shown on the board's status filter ({@code all} means no filter). */
    public static final List<String> STATUSES = List.of("open", "awarded", "closed", "cancelled", "all");
    /** The two tiers. */
    public static final List<String> TIERS = List.of("open_access", "application_only");
    /** Sort orders. */
    public static final List<String> SORTS = BountySort.wires();
    private static final long MINOR_PER_UNIT = 100;
    private static final int MAX_PAGE = 10_000;

    /** Parses the query string's values, tolerating anything a hand-edited URL may hold. */
    public static BoardQuery of(String status, String tier, String domain, String minReward, String maxReward,
                                String sort, String page) {
        return new BoardQuery(known(STATUSES, status, "open"), known(TIERS, tier, null), known(DOMAINS, domain, null),
                amount(minReward), amount(maxReward), known(SORTS, sort, BountySort.DEFAULT.wire()), pageNumber(page));
    }

    /** {@code value} when it is one of {@code choices}, else {@code fallback} (a null is no choice). */
    private static String known(List<String> choices, String value, String fallback) {
        return value != null && choices.contains(value) ? value : fallback;
    }

    /** Choices of the status filter. */
    public List<String> statuses() {
        return STATUSES;
    }

    /** Choices of the tier filter. */
    public List<String> tiers() {
        return TIERS;
    }

    /** Choices of the domain filter. */
    public List<String> domains() {
        return DOMAINS;
    }

    /** Choices of the sort order. */
    public List<String> sorts() {
        return SORTS;
    }

    /** The status the API is asked for (null for all). */
    public String apiStatus() {
        return "all".equals(status) ? null : status;
    }

    /** The smallest reward in minor units, or null. */
    public Long minRewardMinor() {
        return minReward == null ? null : minReward * MINOR_PER_UNIT;
    }

    /** The largest reward in minor units, or null. */
    public Long maxRewardMinor() {
        return maxReward == null ? null : maxReward * MINOR_PER_UNIT;
    }

    /** This query on another page. */
    public String withPage(int other) {
        return href(other);
    }

    private String href(int pageNumber) {
        List<String> parts = new ArrayList<>();
        add(parts, "status", status);
        add(parts, "tier", tier);
        add(parts, "domain", domain);
        add(parts, "min", minReward == null ? null : minReward.toString());
        add(parts, "max", maxReward == null ? null : maxReward.toString());
        add(parts, "sort", sort);
        if (pageNumber > 1) {
            parts.add("page=" + pageNumber);
        }
        return "/bounties?" + String.join("&", parts);
    }

    private static void add(List<String> parts, String name, String value) {
        if (value != null && !value.isEmpty()) {
            parts.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }

    private static Long amount(String typed) {
        if (typed == null || typed.isBlank()) {
            return null;
        }
        try {
            long v = Long.parseLong(typed.strip().replace(",", ""));
            return v < 0 || v > Long.MAX_VALUE / MINOR_PER_UNIT ? null : v;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static int pageNumber(String page) {
        try {
            int p = page == null ? 1 : Integer.parseInt(page.strip());
            return p < 1 || p > MAX_PAGE ? 1 : p;
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
