package io.envhub.registry.search;

/** The licence facet: the most common licences that are short names (an SPDX id or expression, not a licence text). */
final class LicenseFacet {
    /** Most licences listed. */
    static final int LIMIT = 20;
    /** The condition on a {@code license} column for it to be offered. */
    static final String SHORT = "license IS NOT NULL AND length(license) <= " + SearchRequest.MAX_LICENSE
            + " AND strpos(license, chr(10)) = 0";

    private LicenseFacet() {
    }
}
