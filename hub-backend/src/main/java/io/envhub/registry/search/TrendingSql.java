package io.envhub.registry.search;

/**
 * SQL for "trending": downloads over the last {@value #DAYS} days (today and the six days before, UTC, as
 * {@code hub.downloads_daily} counts them), ties broken by total downloads, then id. Used by search
 * ({@code sort=trending}) and the explore page. The sums are kept in {@code hub.downloads_recent} (migration V18: a
 * trigger adds every change of {@code hub.downloads_daily}, {@link io.envhub.registry.download.RecentDownloads} moves
 * the window at midnight UTC), so no request sums the daily rows.
 *
 * <p>Most environments have no recent downloads, so a trending page never sorts the whole table: its candidates are
 * the first {@code offset + size} of the environments downloaded recently (read in the order of their kept count
 * through the {@code downloads_recent_n} index, each probed by primary key) plus the first {@code offset + size} of the others in
 * total-download order (the {@code environments_downloads} index); the page is taken from their union, which holds every
 * row the full order would put there.
 */
public final class TrendingSql {
    /** Days counted as recent (migration V18's trigger and recount use the same 7). */
    public static final int DAYS = 7;

    /**
     * CTE {@code recent(environment_id, n)}: downloads per environment over the last {@value #DAYS} days (only
     * environments with some), read in place so its indexes serve both the order by count and the probes by id.
     */
    public static final String RECENT_CTE = "recent AS NOT MATERIALIZED (SELECT environment_id, n FROM hub.downloads_recent)";

    /** Trending order over {@code top} (or {@code cand}) aliased {@code c}. */
    public static final String ORDER_C = "c.downloads7d DESC, c.download_count DESC, c.id";
    private static final String ORDER = "downloads7d DESC, download_count DESC, id";

    private TrendingSql() {
    }

    /**
     * CTE {@code cand(id, downloads7d, download_count)}: the candidates of a trending page (needs {@link #RECENT_CTE}
     * before it).
     *
     * @param filter the condition on {@code e} (hub.environments) every candidate meets (written twice, with its
     *     parameters)
     * @param limit the candidate count from the recent ones and from the others ({@code offset + size}), e.g.
     *     {@code Sql.of("?", n)}
     */
    public static Sql candidates(Sql filter, Sql limit) {
        // the recent ones in the order of their count (its index), so the page's first rows come without probing every
        // one of them (an incremental sort: ~80 primary-key probes instead of 5,000 at 100,000 environments)
        return new Sql().append("cand AS ((SELECT e.id, r.n AS downloads7d, e.download_count FROM (SELECT environment_id, n")
                .append(" FROM recent ORDER BY n DESC) r JOIN hub.environments e ON e.id = r.environment_id WHERE ").append(filter)
                .append(" ORDER BY r.n DESC, e.download_count DESC, e.id LIMIT ").append(limit).append(")")
                .append(" UNION ALL (SELECT e.id, 0::bigint, e.download_count FROM hub.environments e WHERE ").append(filter)
                .append(" AND NOT EXISTS (SELECT 1 FROM recent r WHERE r.environment_id = e.id)") // a primary-key probe per row walked
                .append(" ORDER BY e.download_count DESC, e.id LIMIT ").append(limit).append("))");
    }

    /**
     * CTE {@code top(id, downloads7d, download_count)}: one page of the candidates in trending order (needs
     * {@link #candidates} before it), so the summary columns are read for that page only.
     *
     * @param limit the page size, e.g. {@code Sql.of("?", size)}
     * @param offset the offset, e.g. {@code Sql.of("?", offset)}
     */
    public static Sql top(Sql limit, Sql offset) {
        return new Sql().append("top AS (SELECT id, downloads7d, download_count FROM cand ORDER BY " + ORDER + " LIMIT ")
                .append(limit).append(" OFFSET ").append(offset).append(")");
    }
}
