package io.envhub.kit.domain;

import java.util.List;
import java.util.Locale;

/**
 * The fixed list of research domains: bounties name one (bounty-service), and environments declare theirs as
 * keywords or in {@code [tool.envhub] domains} (hub-backend's search facet and filter).
 */
public final class Domains {
    /** Every domain, {@code other} last. */
    public static final List<String> ALL = List.of("medicine", "biology", "chemistry", "materials", "physics", "mathematics",
            "legal", "finance", "software", "education", "other");

    private Domains() {
    }

    /** The domains among these keywords or tags (compared in lower case), in the order of {@link #ALL}. */
    public static List<String> among(List<String> keywords) {
        List<String> lower = keywords.stream().map(k -> k.strip().toLowerCase(Locale.ROOT)).toList();
        return ALL.stream().filter(lower::contains).toList();
    }
}
