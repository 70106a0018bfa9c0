package io.envhub.registry.explore;

import io.agroal.api.AgroalDataSource;
import io.envhub.contract.api.EnvironmentSummary;
import io.envhub.contract.api.Explore.Counts;
import io.envhub.contract.api.Explore;
import io.envhub.registry.search.SearchService;
import io.envhub.registry.search.SearchSql;
import io.envhub.registry.search.Sql;
import io.envhub.registry.search.TrendingSql;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Computes the explore answer over public environments with four cheap statements (the lists come from indexes: updated
 * time, validated time, recent downloads; the environment counts from {@code hub.public_tag_pairs}), and keeps it in
 * memory for {@link ExploreConfig#cacheTtl()}: the home page calls it on every view, and the same answer suits everyone.
 */
@ApplicationScoped
public class ExploreService {
    /** Items per list. */
    public static final int ITEMS = 6;

    private static final String PUBLIC = "e.visibility = 'public' AND e.unlisted_at IS NULL";
    private static final String FROM = " FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id WHERE " + PUBLIC;
    private static final String COUNTS = "SELECT"
            + " (SELECT coalesce(max(environments), 0) FROM hub.public_tag_pairs WHERE tag = '' AND other = '') AS environments,"
            // validated: a servable version that ran in the sandbox and passed (a static-only one is not, issue 36
            // item 9), counted with the validated search's own predicate so the two always agree
            + " (SELECT count(*) FROM hub.environments e WHERE " + PUBLIC + " AND e.validated_version IS NOT NULL"
            + " AND e.trust_status IN ('verified', 'flagged')) AS validated,"
            + " (SELECT count(*) FROM hub.versions v JOIN hub.environments e ON e.id = v.environment_id WHERE " + PUBLIC
            + ") AS versions,"
            + " (SELECT coalesce(sum(e.download_count), 0) FROM hub.environments e WHERE " + PUBLIC + ") AS downloads";
    private static final String TRENDING = "WITH " + TrendingSql.RECENT_CTE + ", "
            + TrendingSql.candidates(Sql.of(PUBLIC), Sql.of("" + ITEMS)).text()
            + ", " + TrendingSql.top(Sql.of("" + ITEMS), Sql.of("0")).text() + " SELECT c.downloads7d, " + SearchSql.SUMMARY_COLUMNS
            + " FROM top c JOIN hub.environments e ON e.id = c.id JOIN hub.owners o ON o.id = e.owner_id"
            + " ORDER BY " + TrendingSql.ORDER_C;
    private static final String RECENT = "SELECT " + SearchSql.SUMMARY_COLUMNS + FROM
            + " ORDER BY e.updated_at DESC, e.id LIMIT " + ITEMS;
    private static final String VALIDATED = "SELECT " + SearchSql.SUMMARY_COLUMNS + FROM
            + " AND e.validated_version IS NOT NULL AND e.trust_status IN ('verified', 'flagged')"
            + " ORDER BY e.validated_at DESC, e.id LIMIT " + ITEMS;

    private final AgroalDataSource dataSource;
    private final ExploreConfig config;
    private volatile Cached cached;

    public ExploreService(AgroalDataSource dataSource, ExploreConfig config) {
        this.dataSource = dataSource;
        this.config = config;
    }

    private record Cached(Explore value, long loadedAt) {
    }

    /** The explore answer, from the cache when it is younger than the TTL. */
    public Explore explore() {
        long ttl = config.cacheTtl().toNanos();
        Cached c = cached;
        long now = System.nanoTime();
        if (c != null && now - c.loadedAt() < ttl) {
            return c.value();
        }
        Explore fresh = load();
        if (ttl > 0) {
            cached = new Cached(fresh, now);
        }
        return fresh;
    }

    private Explore load() {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            c.setReadOnly(true);
            try {
                try (PreparedStatement ps = c.prepareStatement(SearchService.SESSION_SETTINGS)) {
                    ps.execute(); // the search's planner settings: the trending list reads the same candidates
                }
                Counts counts;
                try (PreparedStatement ps = c.prepareStatement(COUNTS); ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    counts = new Counts(rs.getLong("environments"), rs.getLong("validated"), rs.getLong("versions"),
                            rs.getLong("downloads"));
                }
                return new Explore(counts, list(c, TRENDING), list(c, RECENT), list(c, VALIDATED));
            } finally {
                c.rollback();
                c.setReadOnly(false);
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("explore failed: " + e.getMessage(), e);
        }
    }

    private static List<EnvironmentSummary> list(Connection c, String sql) throws SQLException {
        List<EnvironmentSummary> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(SearchService.summary(rs));
            }
        }
        return out;
    }
}
