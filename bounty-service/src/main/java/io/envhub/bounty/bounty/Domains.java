package io.envhub.bounty.bounty;

import java.util.List;

/** The fixed list of bounty domains (plus {@code other}), and the two tiers. */
public final class Domains {
    /** Every domain a bounty may name: the shared list that environments declare too. */
    public static final List<String> ALL = io.envhub.kit.domain.Domains.ALL;
    /** Anyone with the contributor role may submit. */
    public static final String OPEN_ACCESS = "open_access";
    /** Contributors apply; only accepted applicants may submit. */
    public static final String APPLICATION_ONLY = "application_only";
    /** Both tiers. */
    public static final List<String> TIERS = List.of(OPEN_ACCESS, APPLICATION_ONLY);

    private Domains() {
    }
}
