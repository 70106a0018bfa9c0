package io.envhub.registry.search;

import io.envhub.contract.SearchSort;
import io.envhub.kit.domain.Domains;
import io.envhub.registry.model.TrustVerdict;
import io.envhub.registry.search.SearchSql.Statement;
import io.envhub.registry.security.AccessPolicy.ReadScope;
import java.util.List;

/**
 * The SQL of a listing (no text, no owner, at most one tag, no licence: the browse page, a tag's page, the web UI's
 * trending, validated, task and status filters): the page straight from the sort's index, the total and facets from
 * the counts kept by trigger ({@code hub.public_tag_pairs}, {@code hub.public_tag_status}, {@code
 * hub.public_tag_licenses}, migrations V11, V17) plus the private and unlisted environments the caller may read.
 * bench/search-explain.sh runs the same statements through EXPLAIN ANALYZE; keep the two in step.
 */
final class ListingSql {
    private static final String[] TASKS = SearchRequest.TASKS.toArray(String[]::new);
    private static final String[] DOMAINS = Domains.ALL.toArray(String[]::new);

    private final SearchRequest request;
    private final ReadScope scope;
    private final SearchFilters where;

    ListingSql(SearchRequest request, ReadScope scope) {
        this.request = request;
        this.scope = scope;
        this.where = new SearchFilters(request, scope);
    }

    /** Whether the search is a listing: no text, no owner, at most one tag, no licence. */
    boolean applies() {
        return request.text() == null && request.owner() == null && request.requiredTags().size() <= 1
                && request.license() == null;
    }

    private boolean trending() {
        return request.sort() == SearchSort.TRENDING;
    }

    /** The page of a listing, straight from the sort's index (or the tag index, as the planner sees fit). */
    Statement page() {
        if (trending()) {
            return trendingListingPage();
        }
        return statement(new Sql().append("SELECT e.id, " + SearchSql.SUMMARY_COLUMNS)
                .append(" FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id WHERE ").append(where.filters())
                .append(" ORDER BY " + where.order("e.")).append(" LIMIT ? OFFSET ?", request.size(), request.offset()));
    }

    /** The page of a trending listing: sorted among its candidates only ({@link TrendingSql}). */
    private Statement trendingListingPage() {
        return statement(new Sql().append("WITH " + TrendingSql.RECENT_CTE + ", ")
                .append(TrendingSql.candidates(where.filters(), Sql.of("?", request.offset() + request.size()))).append(", ")
                .append(TrendingSql.top(Sql.of("?", request.size()), Sql.of("?", request.offset())))
                .append(" SELECT e.id, c.downloads7d, " + SearchSql.SUMMARY_COLUMNS)
                .append(" FROM top c JOIN hub.environments e ON e.id = c.id JOIN hub.owners o ON o.id = e.owner_id")
                .append(" ORDER BY " + TrendingSql.ORDER_C));
    }

    /**
     * Total and facets of a listing: the counts of listed environments (public, not unlisted) kept by trigger in
     * {@code hub.public_tag_pairs} (all of them, or with {@code validated=true} the ones with a validated version),
     * {@code hub.public_tag_status} and {@code hub.public_tag_licenses} (migration V17), plus the private and unlisted
     * environments the caller may read (few), counted on the spot, so the counts are those of the rows listed.
     */
    Statement stats() {
        String tag = request.requiredTags().isEmpty() ? "" : request.requiredTags().get(0);
        List<String> statuses = statuses();
        Sql sql = new Sql().append("WITH c AS (SELECT other AS tag, sum(n)::bigint AS n FROM (");
        if (statuses == null) {
            sql.append("SELECT other, " + (request.validated() ? "validated" : "environments"))
                    .append(" AS n FROM hub.public_tag_pairs WHERE tag = ?", tag);
        } else {
            sql.append("SELECT other, environments AS n FROM hub.public_tag_status WHERE tag = ? AND status = ANY(?)", tag,
                    statuses.toArray(String[]::new));
        }
        boolean uncounted = scope.everything() || !scope.privateOwners().isEmpty();
        if (uncounted) {
            sql.append(" UNION ALL SELECT t, count(*) FROM hub.environments e,")
                    .append(" unnest(ARRAY(SELECT DISTINCT unnest(array_append(e.tags, '')))) t WHERE ")
                    .append(uncounted(tag, statuses, request.validated()))
                    .append(" GROUP BY t");
        }
        // statuses facet: the listed counters of ('tag', '') per verdict, plus the readable uncounted ones
        List<String> facetStatuses = request.validated() ? TrustVerdict.RUNTIME_VERIFIED : TrustVerdict.CODES;
        sql.append(") x GROUP BY other), s AS (SELECT status, sum(n)::bigint AS n FROM (")
                .append("SELECT status, environments AS n FROM hub.public_tag_status WHERE tag = ? AND other = ''", tag)
                .append(" AND status = ANY(?)", facetStatuses.toArray(String[]::new));
        if (uncounted) {
            sql.append(" UNION ALL SELECT e.trust_status, count(*) FROM hub.environments e WHERE ")
                    .append(uncounted(tag, facetStatuses, false)).append(" GROUP BY e.trust_status");
        }
        sql.append(") y GROUP BY status), f AS (SELECT tag, n FROM c WHERE tag <> '' AND n > 0 ORDER BY n DESC, tag LIMIT ")
                .append(SearchSql.FACET_LIMIT).append("), ").append(listingLicenses(tag, statuses, uncounted))
                .append("SELECT coalesce((SELECT n FROM c WHERE tag = ''), 0) AS total,")
                .append(" (SELECT array_agg(tag ORDER BY n DESC, tag) FROM f) AS facet_tags,")
                .append(" (SELECT array_agg(n ORDER BY n DESC, tag) FROM f) AS facet_counts,")
                .append(" (SELECT array_agg(tag ORDER BY n DESC, tag) FROM c WHERE tag = ANY(?) AND n > 0) AS task_tags,", TASKS)
                .append(" (SELECT array_agg(n ORDER BY n DESC, tag) FROM c WHERE tag = ANY(?) AND n > 0) AS task_counts,", TASKS)
                .append(" (SELECT array_agg(tag ORDER BY n DESC, tag) FROM c WHERE tag = ANY(?) AND n > 0) AS domain_tags,",
                        DOMAINS)
                .append(" (SELECT array_agg(n ORDER BY n DESC, tag) FROM c WHERE tag = ANY(?) AND n > 0) AS domain_counts,",
                        DOMAINS)
                .append(" (SELECT array_agg(status ORDER BY status) FROM s WHERE n > 0) AS status_tags,")
                .append(" (SELECT array_agg(n ORDER BY status) FROM s WHERE n > 0) AS status_counts,")
                .append(" (SELECT array_agg(tag ORDER BY n DESC, tag) FROM lic) AS license_tags,")
                .append(" (SELECT array_agg(n ORDER BY n DESC, tag) FROM lic) AS license_counts");
        return statement(sql);
    }

    /**
     * The verdicts the listing keeps, or null for any: those asked for, and with {@code validated=true} the
     * runtime-verified ones only, so the counts come from {@code hub.public_tag_status} (its validated counters count
     * static-only environments too).
     */
    private List<String> statuses() {
        List<String> statuses = request.statusFilter();
        return statuses == null && request.validated() ? TrustVerdict.RUNTIME_VERIFIED : statuses;
    }

    /**
     * The licence facet of a listing (a CTE {@code lic(tag, n)}, after {@link #stats}'s others): the public counts
     * kept by trigger in {@code hub.public_tag_licenses} (per tag, licence and verdict; its validated column with
     * {@code validated=true}), plus the readable private and unlisted environments counted on the spot.
     */
    private Sql listingLicenses(String tag, List<String> statuses, boolean uncounted) {
        Sql sql = new Sql().append("lic AS (SELECT license AS tag, sum(n)::bigint AS n FROM (SELECT license, ")
                .append(request.validated() ? "validated" : "environments")
                .append(" AS n FROM hub.public_tag_licenses WHERE tag = ?", tag);
        if (statuses != null) {
            sql.append(" AND status = ANY(?)", statuses.toArray(String[]::new));
        }
        if (uncounted) {
            sql.append(" UNION ALL SELECT e.license, count(*) FROM hub.environments e WHERE ")
                    .append(uncounted(tag, statuses, request.validated()))
                    .append(" AND " + LicenseFacet.SHORT.replace("license", "e.license")).append(" GROUP BY e.license");
        }
        return sql.append(") l GROUP BY license HAVING sum(n) > 0 ORDER BY n DESC, license LIMIT ")
                .append(LicenseFacet.LIMIT).append(")");
    }

    /**
     * The environments of a listing the caller may read that the counters leave out (private ones, and unlisted public
     * ones: the caller's own, or every one for an admin, as {@link #visibility} lists them), with the listing's tag,
     * verdicts and validated filter.
     */
    private Sql uncounted(String tag, List<String> statuses, boolean validated) {
        Sql sql = Sql.of("(e.visibility = 'private' OR e.unlisted_at IS NOT NULL)");
        if (validated) {
            sql.append(" AND e.validated_version IS NOT NULL");
        }
        if (statuses != null) {
            sql.append(" AND e.trust_status = ANY(?)", statuses.toArray(String[]::new));
        }
        if (!tag.isEmpty()) {
            sql.append(" AND e.tags @> ?", new String[] {tag});
        }
        if (!scope.everything()) {
            sql.append(" AND e.owner_id = ANY(?)", scope.privateOwners().toArray(Long[]::new));
        }
        return sql;
    }

    private static Statement statement(Sql sql) {
        return new Statement(sql.text(), sql.params());
    }
}
