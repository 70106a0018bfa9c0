package io.envhub.registry.search;

import io.envhub.registry.model.TrustVerdict;
import io.envhub.registry.security.AccessPolicy.ReadScope;

/**
 * What every statement of one search shares ({@link SearchSql} for searches with a match set, {@link ListingSql} for
 * listings): the conditions a match meets (what the caller may read, the required tags, validated, status, owner,
 * licence) and the sort's {@code ORDER BY}.
 */
final class SearchFilters {
    private final SearchRequest request;
    private final ReadScope scope;

    SearchFilters(SearchRequest request, ReadScope scope) {
        this.request = request;
        this.scope = scope;
    }

    /** The conditions on {@code e} every match meets (a listing has no owner, so its filter has no owner part). */
    Sql filters() {
        return filters(true);
    }

    /** The conditions on {@code e}, with or without the status filter. */
    Sql filters(boolean withStatus) {
        Sql sql = visibility();
        if (!request.requiredTags().isEmpty()) {
            sql.append(" AND e.tags @> ?", request.requiredTags().toArray(String[]::new));
        }
        if (request.validated()) {
            // validated means runtime verified: a static-only version is not (issue 36 item 9)
            sql.append(" AND e.validated_version IS NOT NULL AND e.trust_status = ANY(?)",
                    (Object) TrustVerdict.RUNTIME_VERIFIED.toArray(String[]::new));
        }
        if (withStatus && request.statusFilter() != null) {
            sql.append(" AND e.trust_status = ANY(?)", request.statusFilter().toArray(String[]::new));
        }
        if (request.owner() != null) {
            sql.append(" AND e.owner_id = (SELECT id FROM hub.owners WHERE lower(name) = lower(?))", request.owner());
        }
        if (request.license() != null) {
            sql.append(" AND lower(e.license) = lower(?)", request.license());
        }
        return sql;
    }

    /**
     * Whether the conditions are only who may read a match, so that {@code hub.search_docs} (which has nothing else)
     * can choose a search's candidates.
     */
    boolean visibilityOnly() {
        return request.requiredTags().isEmpty() && !request.validated() && request.owner() == null && request.license() == null;
    }

    /** {@link #visibility} over {@code d}, a row of {@code hub.search_docs} (listed: public and not unlisted). */
    Sql docVisibility() {
        if (scope.everything()) {
            return Sql.of("true");
        }
        if (scope.privateOwners().isEmpty()) {
            return Sql.of("d.listed");
        }
        return Sql.of("(d.listed OR d.owner_id = ANY(?))", scope.privateOwners().toArray(Long[]::new));
    }

    private Sql visibility() {
        if (scope.everything()) {
            return Sql.of("true");
        }
        if (scope.privateOwners().isEmpty()) {
            return Sql.of("(e.visibility = 'public' AND e.unlisted_at IS NULL)");
        }
        return Sql.of("((e.visibility = 'public' AND e.unlisted_at IS NULL) OR e.owner_id = ANY(?))",
                scope.privateOwners().toArray(Long[]::new));
    }

    String order(String p) {
        return order(p, p);
    }

    /** The sort's ORDER BY; {@code t} prefixes the trending column, {@code p} the others. */
    String order(String t, String p) {
        return switch (request.sort()) {
            case TRENDING -> t + "downloads7d DESC, " + p + "download_count DESC, " + p + "id";
            case RELEVANCE -> p + "rank DESC, " + p + "download_count DESC, " + p + "id";
            case DOWNLOADS -> p + "download_count DESC, " + p + "id";
            case STARS -> p + "star_count DESC, " + p + "id";
            case RECENT -> p + "updated_at DESC, " + p + "id";
            case NAME -> p + "name, " + p + "id";
        };
    }
}
