package io.envhub.registry.search;

import io.envhub.contract.api.EnvironmentSummary;
import io.envhub.contract.api.SearchPage;
import io.envhub.contract.api.SearchPage.Facets;
import io.envhub.contract.api.SearchPage.TagCount;
import io.agroal.api.AgroalDataSource;
import io.envhub.registry.security.AccessPolicy.ReadScope;
import io.envhub.registry.model.TrustVerdict;
import io.envhub.registry.model.VersionVerdicts;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;

/** Runs searches (see {@link SearchSql}) with plain JDBC: read-only, and every column typed as we want it. */
@ApplicationScoped
public class SearchService {
    /**
     * Settings for the search's own (read-only) transaction: typo matches need a name similarity of 0.45 (pg_trgm's
     * default of 0.3 lets the trigram index propose ten times more candidates, and {@code revrse-text} is still 0.67
     * similar to {@code reverse-text}); enough memory to keep a large match set out of temporary files; random reads
     * priced as on an SSD with the tables cached (1.1 instead of 4: otherwise the planner scans all environments to
     * join a few thousand recently downloaded ones for a trending page, ~5 times slower than probing the primary key);
     * no JIT compilation (these statements run in milliseconds; a plan priced with a scan type turned off, see
     * {@link #probe} and {@link SearchSql#walkSortIndex}, looks expensive enough to compile, which took seconds).
     */
    public static final String SESSION_SETTINGS = "SELECT set_config('pg_trgm.similarity_threshold', '" + SearchSql.NAME_SIMILARITY
            + "', true), set_config('work_mem', '32MB', true), set_config('random_page_cost', '1.1', true),"
            + " set_config('jit', 'off', true)";

    private final AgroalDataSource dataSource;

    public SearchService(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** One page of environments the caller may read, with the total and tag facets over all matches. */
    public SearchPage search(SearchRequest request, ReadScope scope) {
        SearchSql sql = new SearchSql(request, scope);
        ListingSql listing = new ListingSql(request, scope);
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                return search(c, sql, listing, request);
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("search failed: " + e.getMessage(), e);
        }
    }

    /** Runs the statements inside the search's transaction. */
    private static SearchPage search(Connection c, SearchSql sql, ListingSql listing, SearchRequest request)
            throws SQLException {
        long environments = settings(c, sql);
        if (listing.applies()) {
            return listing(c, listing, request);
        }
        long estimate = -1;
        boolean approximate = false;
        SearchSql.Cap cap = SearchSql.Cap.NONE;
        // candidates from the narrow hub.search_docs (see narrow): decided with the planner's estimate
        boolean narrow = false;
        AnswerPlan plan = AnswerPlan.DEFAULT;
        if (sql.onePass()) {
            // no probe: a word the planner expects in few environments is answered from all its matches, read once
            // with a guard (at most TOP_K_CAP + 1); a common one from its first TOP_K_CAP + 1 candidates, read
            // once, which say whether there are more (then the total is the planner's estimate, "about N")
            long planned = planned(c, sql.estimate());
            estimate = Math.max(SearchSql.TOP_K_CAP + 1L, planned);
            if (planned <= SearchSql.TOP_K_CAP) {
                cap = SearchSql.Cap.GUARDED;
            } else {
                cap = SearchSql.Cap.ONE_PASS;
                if (estimate > SearchSql.NARROW_ABOVE && sql.narrowCandidates()) {
                    // a sequential scan of hub.search_docs would fetch every row's out-of-line document to test it
                    // ("environment": 180 ms instead of 15 ms through the index at 100,000 environments), and the
                    // planner does not price that
                    narrow = true;
                    plan = AnswerPlan.NO_SEQUENTIAL_SCANS;
                } else if (estimate > SearchSql.NARROW_ABOVE && SearchSql.walkSortIndex(estimate, environments)) {
                    plan = AnswerPlan.WALK_SORT_INDEX;
                }
            }
        } else {
            long[] probe = sql.hasWords() ? probe(c, sql) : null;
            if (probe != null && probe[0] > SearchSql.TOP_K_CAP) {
                // a very common word: rank the best candidates only, estimate the total
                estimate = Math.max(SearchSql.TOP_K_CAP + 1L, planned(c, sql.estimate()));
                approximate = true;
                cap = SearchSql.Cap.CAPPED;
                if (SearchSql.walkSortIndex(estimate, probe[1])) {
                    plan = AnswerPlan.WALK_SORT_INDEX;
                }
            }
        }
        if (cap == SearchSql.Cap.GUARDED) {
            SearchPage exact = answer(c, answerStatement(c, sql, cap, narrow, plan), request, cap, false, estimate);
            if (exact != null) {
                return exact;
            }
            // more matches than the planner expected: as a probe that found more
            approximate = true;
            cap = SearchSql.Cap.CAPPED;
            if (SearchSql.walkSortIndex(estimate, environments)) {
                plan = AnswerPlan.WALK_SORT_INDEX;
            }
        }
        return answer(c, answerStatement(c, sql, cap, narrow, plan), request, cap, approximate, estimate);
    }

    /**
     * The answer statement ({@link SearchSql#filtered}), with the transaction's scan types set for {@code plan} first
     * (one round trip, skipped when the planner's defaults are wanted and are in force: a probe turns on again what the
     * transaction's settings turned off): planned once per connection when its plan does not depend on its values
     * ({@link SearchSql#planOnce()}), else for its values.
     */
    private static SearchSql.Statement answerStatement(Connection c, SearchSql sql, SearchSql.Cap cap, boolean narrow,
                                                       AnswerPlan plan) throws SQLException {
        boolean once = sql.planOnce();
        if (once || plan != AnswerPlan.DEFAULT) {
            try (PreparedStatement ps = c.prepareStatement(plan.settings(once))) {
                ps.execute();
            }
        }
        SearchSql.Statement statement = sql.filtered(cap, narrow);
        return once ? statement.plannedOnce(plan) : statement;
    }

    /**
     * The search transaction's settings, in one round trip with what the search needs first: for a one-pass search
     * the planner's count of all environments (for {@link SearchSql#walkSortIndex}, returned), for one with a probe
     * the probe's plan without sequential scans (see {@link #probe}); 0 when nothing is counted.
     */
    private static long settings(Connection c, SearchSql sql) throws SQLException {
        if (sql.onePass()) {
            try (PreparedStatement ps = c.prepareStatement(SESSION_SETTINGS
                    + ", (SELECT reltuples::bigint FROM pg_class WHERE oid = 'hub.environments'::regclass)");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(5);
            }
        }
        try (PreparedStatement ps = c.prepareStatement(sql.hasWords()
                ? SESSION_SETTINGS + ", set_config('enable_seqscan', 'off', true)" : SESSION_SETTINGS)) {
            ps.execute();
        }
        return 0;
    }

    /** A listing (no words, no filter that needs the match set): one page of rows, then the kept counts. */
    private static SearchPage listing(Connection c, ListingSql sql, SearchRequest request) throws SQLException {
        List<EnvironmentSummary> items = new ArrayList<>();
        try (PreparedStatement ps = prepare(c, sql.page()); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                items.add(summary(rs));
            }
        }
        try (PreparedStatement ps = prepare(c, sql.stats()); ResultSet rs = ps.executeQuery()) {
            rs.next();
            Facets facets = new Facets(counts(rs, "facet_tags", "facet_counts"), counts(rs, "task_tags", "task_counts"),
                    statuses(rs), counts(rs, "domain_tags", "domain_counts"), counts(rs, "license_tags", "license_counts"));
            return new SearchPage(rs.getLong("total"), request.page(), request.size(), items, facets, false);
        }
    }

    /**
     * The answer of a {@link SearchSql#filtered} statement: with {@code approximate} (or, for {@link SearchSql.Cap#ONE_PASS},
     * when its column {@code capped} says so) the total is the {@code estimate} and the facets are scaled to it; null
     * when a {@link SearchSql.Cap#GUARDED} statement found more than {@link SearchSql#TOP_K_CAP} matches.
     */
    private static SearchPage answer(Connection c, SearchSql.Statement statement, SearchRequest request, SearchSql.Cap cap,
                                       boolean approximate, long estimate) throws SQLException {
        long total = 0;
        List<TagCount> facets = List.of();
        List<TagCount> tasks = List.of();
        List<TagCount> domains = List.of();
        List<TagCount> licenses = List.of();
        Map<String, Long> statuses = new LinkedHashMap<>();
        List<EnvironmentSummary> items = new ArrayList<>();
        try (PreparedStatement ps = prepare(c, statement); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                if (cap == SearchSql.Cap.GUARDED && rs.getBoolean("capped")) {
                    return null;
                }
                if (cap == SearchSql.Cap.ONE_PASS) {
                    approximate = rs.getBoolean("capped");
                }
                total = rs.getLong("total");
                facets = counts(rs, "facet_tags", "facet_counts");
                tasks = counts(rs, "task_tags", "task_counts");
                domains = counts(rs, "domain_tags", "domain_counts");
                licenses = counts(rs, "license_tags", "license_counts");
                statuses = statuses(rs);
                if (rs.getObject("id") != null) {
                    items.add(summary(rs));
                }
            }
        }
        if (approximate && total > 0) {
            double scale = (double) estimate / total;
            facets = scaled(facets, scale);
            tasks = scaled(tasks, scale);
            domains = scaled(domains, scale);
            licenses = scaled(licenses, scale);
            statuses.replaceAll((code, n) -> Math.round(n * scale));
            total = estimate;
        }
        return new SearchPage(total, request.page(), request.size(), items, new Facets(facets, tasks, statuses, domains,
                licenses), approximate);
    }

    /** Counts of the ranked candidates scaled up to the estimated total (a capped search's facets are estimates too). */
    private static List<TagCount> scaled(List<TagCount> counts, double scale) {
        return counts.stream().map(t -> new TagCount(t.tag(), Math.round(t.count() * scale))).toList();
    }

    /**
     * The first pass of a search with words: its full-text matches counted up to {@link SearchSql#TOP_K_CAP} + 1 (and
     * the planner's count of all environments, for {@link SearchSql#walkSortIndex}), read
     * through the GIN index. Sequential scans are off for it: with a LIMIT the planner takes a scan of the table that
     * stops early for cheap, but every row it reads has its (out of line) document decompressed, ~10 times the work of
     * the index's bitmap for a common word (1 s instead of 30 ms for "math" at 100,000 environments). No extra round
     * trips for the setting: the transaction's settings statement turned them off, and the probe turns them on again
     * as it runs (after it was planned), for the statements after it ({@link SearchSql#probe}).
     */
    private static long[] probe(Connection c, SearchSql sql) throws SQLException {
        try (PreparedStatement ps = prepare(c, sql.probe()); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        }
    }

    /** The planner's row estimate of an EXPLAIN (FORMAT JSON) statement. */
    private static long planned(Connection c, SearchSql.Statement statement) throws SQLException {
        try (PreparedStatement ps = prepare(c, statement); ResultSet rs = ps.executeQuery()) {
            rs.next();
            java.util.regex.Matcher m = PLAN_ROWS.matcher(rs.getString(1));
            return m.find() ? Long.parseLong(m.group(1)) : 0;
        }
    }

    private static final java.util.regex.Pattern PLAN_ROWS = java.util.regex.Pattern.compile("\"Plan Rows\":\\s*(\\d+)");

    /** Every verdict code with its count (0 when none matched), in {@link TrustVerdict#CODES} order. */
    private static Map<String, Long> statuses(ResultSet rs) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        TrustVerdict.CODES.forEach(code -> out.put(code, 0L));
        counts(rs, "status_tags", "status_counts").forEach(c -> out.put(c.tag(), c.count()));
        return out;
    }

    /** Prepares a statement of {@link SearchSql} or {@link TrendingSql}-based SQL, binding its parameters. */
    static PreparedStatement prepare(Connection c, SearchSql.Statement statement) throws SQLException {
        PreparedStatement ps = c.prepareStatement(statement.sql());
        // planned once: a named statement on the server from the first execution, kept per connection by the driver;
        // else planned with each execution's values (a generic plan cannot know how common a tag or a word is). A URL
        // with prepareThreshold=0 (a transaction-mode pooler that keeps no prepared statements, PgBouncer before 1.21)
        // wins: then no statement is named, and the search is planned per execution
        boolean named = statement.planOnce() && c.unwrap(PGConnection.class).getPrepareThreshold() > 0;
        ps.unwrap(PGStatement.class).setPrepareThreshold(named ? 1 : 0);
        int i = 1;
        for (Object p : statement.params()) {
            if (p instanceof Long[] longs) {
                ps.setArray(i++, c.createArrayOf("bigint", longs));
            } else if (p instanceof String[] strings) {
                ps.setArray(i++, c.createArrayOf("text", strings));
            } else {
                ps.setObject(i++, p);
            }
        }
        return ps;
    }

    private static List<TagCount> counts(ResultSet rs, String tagColumn, String countColumn) throws SQLException {
        String[] tags = strings(rs.getArray(tagColumn));
        Array countArray = rs.getArray(countColumn);
        if (countArray == null) {
            return List.of();
        }
        Object[] counts = (Object[]) countArray.getArray();
        List<TagCount> out = new ArrayList<>(tags.length);
        for (int i = 0; i < tags.length; i++) {
            out.add(new TagCount(tags[i], ((Number) counts[i]).longValue()));
        }
        return out;
    }

    /** A list item from a row with {@link SearchSql#SUMMARY_COLUMNS} (and {@code downloads7d}, when the row has it). */
    public static EnvironmentSummary summary(ResultSet rs) throws SQLException {
        Long downloads7d = hasColumn(rs, "downloads7d") ? (Long) rs.getObject("downloads7d") : null;
        return new EnvironmentSummary(rs.getString("owner_name"), rs.getString("name"), rs.getString("display_name"),
                rs.getString("summary"), Arrays.asList(strings(rs.getArray("tags"))), rs.getString("latest_version"),
                rs.getInt("star_count"), rs.getLong("download_count"), rs.getString("visibility"),
                rs.getObject("updated_at", OffsetDateTime.class),
                rs.getString("validated_version"), rs.getObject("validated_at", OffsetDateTime.class), downloads7d,
                VersionVerdicts.fromColumns(rs.getString("trust_status"), (Boolean) rs.getObject("runtime_verified"),
                        rs.getString("trust_flags"), rs.getString("status_reason")));
    }

    private static boolean hasColumn(ResultSet rs, String column) throws SQLException {
        java.sql.ResultSetMetaData meta = rs.getMetaData();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            if (column.equals(meta.getColumnLabel(i))) {
                return true;
            }
        }
        return false;
    }

    private static String[] strings(Array array) throws SQLException {
        return array == null ? new String[0] : (String[]) array.getArray();
    }
}
