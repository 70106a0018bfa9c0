package io.envhub.bounty.bounty;

import java.util.List;

/** The fixed list of bounty domains (plus {@code other}), and the two tiers. */
public final class Domains {
    /** Every domain a bounty may name. */
    public static final List<String> ALL = List.of("medicine", "biology", "chemistry", "materials", "physics", "mathematics",
            "legal", "finance", "software", "education", "other");
    /** Anyone with the contributor role may submit. */
    public static final String OPEN_ACCESS = "open_access";
    /** Contributors apply; only accepted applicants may submit. */
    public static final String APPLICATION_ONLY = "application_only";
    /** Both tiers. */
    public static final List<String> TIERS = List.of(OPEN_ACCESS, APPLICATION_ONLY);

    private Domains() {
    }
}
