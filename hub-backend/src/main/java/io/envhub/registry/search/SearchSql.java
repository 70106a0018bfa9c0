package io.envhub.registry.search;

import io.envhub.contract.SearchSort;
import io.envhub.registry.security.AccessPolicy.ReadScope;
import io.envhub.kit.domain.Domains;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The SQL of a search. Matching: the full-text document ({@code search}, with the README) through its GIN index ({@code
 * websearch_to_tsquery}, english and simple configurations OR-ed); when that finds fewer than {@value
 * #TYPO_FALLBACK_BELOW} matches, names similar to the text (pg_trgm, through the trigram index) are added, so {@code
 * revrse-text} finds {@code reverse-text} without paying for trigram matching on common words. Ranking reads only
 * {@code search_head} (name, tags, summary, kept in the row) plus a large bonus for the exact name; typo matches rank
 * by twice their similarity. Total, facets and the page are computed from one materialized match set in one statement.
 * Listings (no text, no owner, at most one tag) are {@link ListingSql}'s. The conditions and orders both share are
 * {@link SearchFilters}'. The statuses facet counts the matches of every filter but status. Trending pages sort only
 * their candidates ({@link TrendingSql}). The task facets are the task tags' counts over the same matches.
 * bench/search-explain.sh runs the same statements through EXPLAIN ANALYZE; keep the two in step.
 */
public final class SearchSql {
    /** Most tags listed in the facets. */
    static final int FACET_LIMIT = 30;
    /** Names similar to the text (typos) are added when the full-text search finds fewer matches than this. */
    static final int TYPO_FALLBACK_BELOW = 20;
    /** Least trigram similarity of a name to the text for a typo match (set per transaction by {@link SearchService}). */
    static final String NAME_SIMILARITY = "0.45";

    /**
     * Most full-text matches ranked one by one: a word in more environments (a very common word) is answered from the
     * {@value} best candidates in the sort's order (the most downloaded for relevance and trending) plus an exact name
     * match, with the total estimated by the planner and shown as "about N" ({@link #probe}, {@link #estimate}).
     */
    static final int TOP_K_CAP = 1000;

    /**
     * A statement and its parameters in order; {@code Long[]} and {@code String[]} bind as SQL arrays. {@code planOnce}:
     * prepared once per connection and planned once for any values (see {@link AnswerPlan}), else planned for each
     * execution's values.
     */
    record Statement(String sql, List<Object> params, boolean planOnce) {
        Statement(String sql, List<Object> params) {
            this(sql, params, false);
        }

        /** This statement, planned once under {@code plan} (its text starts with the plan's name). */
        Statement plannedOnce(AnswerPlan plan) {
            return new Statement(plan.tag() + sql, params, true);
        }
    }

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]");
    private static final Pattern NAME_CHAR = Pattern.compile("[a-z0-9]");
    private static final String MATCH_COLUMNS = "e.id, e.tags, e.download_count, e.star_count, e.updated_at, e.name,"
            + " e.trust_status, e.license";
    /** Columns of a capped search's candidates: the match columns and what ranking reads. */
    private static final String CANDIDATE_COLUMNS = MATCH_COLUMNS + ", e.search_head";
    /** {@link #CANDIDATE_COLUMNS} in {@code hub.search_docs_top} (migration V21), in the same order and names. */
    private static final String TOP_CANDIDATE_COLUMNS = "d.environment_id AS id, d.tags, d.download_count, d.star_count,"
            + " d.updated_at, d.name, d.trust_status, d.license, d.search_head";
    /** Columns {@link SearchService#summary} reads (with {@code downloads7d} when present). */
    public static final String SUMMARY_COLUMNS = "o.name AS owner_name, e.name, e.display_name, e.summary, e.tags, e.latest_version,"
            + " e.star_count, e.download_count, e.visibility, e.updated_at, e.latest_status, e.validated_version, e.validated_at,"
            + " e.trust_status, e.runtime_verified, CAST(e.trust_flags AS text) AS trust_flags, e.status_reason";
    private static final String[] TASKS = SearchRequest.TASKS.toArray(String[]::new);
    private static final String[] DOMAINS = Domains.ALL.toArray(String[]::new);

    private final SearchRequest request;
    private final SearchFilters where;

    SearchSql(SearchRequest request, ReadScope scope) {
        this.request = request;
        this.where = new SearchFilters(request, scope);
    }

    /** Total, facets and the page (one row per item, at least one row) of a search with text, tags or an owner. */
    Statement filtered() {
        return filtered(Cap.NONE);
    }

    /** How a search with words limits the full-text matches it ranks. */
    enum Cap {
        /** Every match (the probe found at most {@link #TOP_K_CAP}, or the text has no words). */
        NONE,
        /** The {@link #TOP_K_CAP} first in the sort's order plus the exact name (the probe found more). */
        CAPPED,
        /**
         * No probe before: the first {@link #TOP_K_CAP} + 1 matches in the sort's order are read once; when there are
         * more than {@link #TOP_K_CAP}, the first {@link #TOP_K_CAP} and the exact name are ranked (as {@link #CAPPED}),
         * else all of them (as {@link #NONE}: the same set), and column {@code capped} says which.
         */
        ONE_PASS,
        /**
         * No probe before, for a word the planner expects in at most {@link #TOP_K_CAP} environments: every match, read
         * once and ranked (as {@link #NONE}), but at most {@link #TOP_K_CAP} + 1 of them; column {@code capped} says
         * whether there were more (the planner was wrong), and then the answer is not used: the search runs again
         * {@link #CAPPED}.
         */
        GUARDED
    }

    /**
     * Whether a search can be answered in {@link Cap#ONE_PASS}: it has words, and no status filter (the probe counts
     * the matches of every filter, status included, while the candidates are the matches of every filter but status).
     */
    boolean onePass() {
        return hasWords() && request.statusFilter() == null;
    }

    /**
     * Whether the answer's plan ({@link #filtered}) is the same for any values of its parameters, so it can be planned
     * once per connection ({@link AnswerPlan}; planning it takes 2 to 4 ms, more than reading a rare word's matches).
     * The words are already out of the planner's sight (read from CTE {@code query}), as is the owner (a subquery);
     * what is left is how common the required tags and the licence are, which changes the plan: with either, the
     * statement is planned for its values each time.
     */
    boolean planOnce() {
        return request.requiredTags().isEmpty() && request.license() == null;
    }

    /** Whether the text has words for the full-text index (only then can a search be capped). */
    boolean hasWords() {
        return request.text() != null && WORD.matcher(request.text()).find();
    }

    /**
     * Counts the full-text matches up to {@link #TOP_K_CAP} + 1 (the first pass: stops early on a common word). Planned
     * with sequential scans off (see {@link SearchService}); running it turns them on again for the rest of the
     * transaction (a setting changed while a statement runs applies from the next statement's planning on).
     */
    Statement probe() {
        return statement(new Sql().append("SELECT (SELECT count(*) FROM (SELECT 1 FROM hub.environments e WHERE e.search @@ ")
                .append(tsquery()).append(" AND ").append(where.filters()).append(" LIMIT ").append(TOP_K_CAP + 1).append(") x),")
                .append(" (SELECT reltuples::bigint FROM pg_class WHERE oid = 'hub.environments'::regclass),")
                .append(" set_config('enable_seqscan', 'on', true)"));
    }

    /**
     * Whether a capped search's candidates are better read by walking the sort's index than from the full-text
     * index's bitmap: when the word is in more than {@code 1 / }{@value #WALK_SHARE} of all environments. Reading a
     * match from the bitmap can mean decompressing its (out of line) document to recheck it (PostgreSQL does so for
     * some words: {@code environ}, the stem of "environment", costs 400,000 buffer reads at 100,000 environments),
     * while the walk stops after about {@link #TOP_K_CAP} matches.
     */
    static boolean walkSortIndex(long estimate, long environments) {
        return environments > 0 && estimate * WALK_SHARE >= environments;
    }

    /** See {@link #walkSortIndex}. */
    static final int WALK_SHARE = 4;

    /**
     * A one-pass search whose word the planner expects in more environments than this chooses its candidates in
     * {@code hub.search_docs_top}, then if needed {@code hub.search_docs}, when it can ({@link #narrowCandidates()}),
     * else by walking the sort's index above a quarter of all ({@link #walkSortIndex}). Below it, reading the matches'
     * own rows is cheaper than reading the narrow rows and then each winner by primary key (at 100,000 environments,
     * "reverse text", ~1,000 matches: p99 22 ms wide, 27 ms narrow; "math", ~19,000: 47 ms wide, 36 ms narrow, before
     * the most downloaded quarter was kept apart). With that quarter, a word in three quarters of all is as fast from
     * it as by walking ("environment": ~20 ms either way), and reads no document out of line.
     */
    static final int NARROW_ABOVE = 4 * TOP_K_CAP;

    /** The planner's estimate of the matches (EXPLAIN, not run): the "about N" of a capped search. */
    Statement estimate() {
        return statement(new Sql().append("EXPLAIN (FORMAT JSON) SELECT 1 FROM hub.environments e WHERE e.search @@ ")
                .append(tsquery()).append(" AND ").append(where.filters()));
    }

    private Sql tsquery() {
        return new Sql().append("(websearch_to_tsquery('english', ?) || websearch_to_tsquery('simple', ?))", request.wordsText(),
                request.wordsText());
    }

    private static Statement statement(Sql sql) {
        return new Statement(sql.text(), sql.params());
    }

    /**
     * Like {@link #filtered()}; {@code capped}: the full-text matches are only the {@link #TOP_K_CAP} first in the sort's
     * order (downloads for relevance and trending) plus the exact name, so a very common word does not rank every match.
     */
    Statement filtered(boolean capped) {
        return filtered(capped ? Cap.CAPPED : Cap.NONE);
    }

    /** Like {@link #filtered()}, with the given {@link Cap}; candidates from {@code hub.environments}. */
    Statement filtered(Cap cap) {
        return filtered(cap, false);
    }

    /**
     * Whether a capped search's first candidates can be chosen in {@code hub.search_docs} (migration V19), the narrow
     * copy of each environment's document, owner, listing and download count: when the filters are only who may read
     * (no tag, owner, licence or validated filter) and the candidates are the most downloaded (relevance, trending and
     * downloads). It is read instead of {@code hub.environments}, whose rows are about seven times wider, so a common
     * word's matches are read from a seventh of the pages; the winners' columns are then read by primary key.
     */
    boolean narrowCandidates() {
        return where.visibilityOnly() && switch (request.sort()) {
            case RELEVANCE, TRENDING, DOWNLOADS -> true;
            default -> false;
        };
    }

    /**
     * The {@code limit} first full-text matches in {@link #candidateOrder()}, with {@link #CANDIDATE_COLUMNS}:
     * {@code narrow}, chosen in {@code hub.search_docs} (see {@link #narrowCandidates()}), else in
     * {@code hub.environments}. Needs CTE {@code query}.
     */
    private Sql firstCandidates(int limit, boolean narrow) {
        if (narrow) {
            // the most downloaded quarter first (migration V20): when it has `limit` matches, they are the first of all,
            // and its rows carry what is read of them (V21); else the matches in hub.search_docs, read by primary key.
            // The quarter's matches are sorted by where their rows are (ctid), not with their columns, which are read
            // for the winners only, at those places ("environment": 19,000 matches in the quarter, sorted with their
            // columns, took longer than reading 1,001 winners by primary key)
            return new Sql().append("WITH top AS MATERIALIZED (")
                    .append(mostDownloadedMatches("hub.search_docs_top", "d.ctid AS place", "", limit))
                    .append(") SELECT " + TOP_CANDIDATE_COLUMNS + " FROM hub.search_docs_top d")
                    .append(" WHERE d.ctid = ANY(ARRAY(SELECT place FROM top)) AND (SELECT count(*) FROM top) = ").append(limit)
                    .append(" UNION ALL (SELECT " + CANDIDATE_COLUMNS + " FROM (")
                    .append(mostDownloadedMatches("hub.search_docs", "d.environment_id", "(SELECT count(*) FROM top) < " + limit
                            + " AND ", limit))
                    .append(") k JOIN hub.environments e ON e.id = k.environment_id)");
        }
        return new Sql().append("SELECT " + CANDIDATE_COLUMNS + " FROM hub.environments e WHERE e.search @@ (SELECT tsq FROM query)")
                .append(" AND ").append(where.filters(false)).append(" ORDER BY " + candidateOrder()).append(" LIMIT ").append(limit);
    }

    /**
     * The {@code columns} of the {@code limit} most downloaded full-text matches the caller may read in {@code table}, a
     * narrow copy, that meet {@code condition} (empty, or ending with {@code AND}).
     */
    private Sql mostDownloadedMatches(String table, String columns, String condition, int limit) {
        return new Sql().append("SELECT " + columns + " FROM " + table + " d WHERE " + condition
                        + "d.search @@ (SELECT tsq FROM query) AND ")
                .append(where.docVisibility()).append(" ORDER BY d.download_count DESC, d.environment_id LIMIT ").append(limit);
    }

    /**
     * Like {@link #filtered(Cap)}; {@code narrow}: the first candidates from {@code hub.search_docs} (only when
     * {@link #narrowCandidates()}, and with sequential scans off, see {@link SearchService}).
     */
    Statement filtered(Cap cap, boolean narrow) {
        boolean capped = cap == Cap.CAPPED;
        Sql sql = new Sql().append("WITH ");
        String text = request.text();
        boolean words = text != null && WORD.matcher(text).find();
        boolean names = text != null && NAME_CHAR.matcher(request.nameText()).find();
        if (text == null) {
            sql.append("mall AS MATERIALIZED (SELECT " + MATCH_COLUMNS + ", 0::float8 AS rank FROM hub.environments e WHERE ")
                    .append(where.filters(false)).append(")");
        } else {
            if (words) {
                sql.append("query AS (SELECT websearch_to_tsquery('english', ?) || websearch_to_tsquery('simple', ?) AS tsq), ",
                                request.wordsText(), request.wordsText());
                if (cap == Cap.ONE_PASS) {
                    // (numbered after the LIMIT, so the sort before it stays a top-N sort)
                    sql.append("cand AS MATERIALIZED (SELECT e.*, row_number() OVER (ORDER BY " + candidateOrder() + ") AS rn")
                            .append(" FROM (").append(firstCandidates(TOP_K_CAP + 1, narrow)).append(") e), ");
                }
                sql.append("fts AS MATERIALIZED (SELECT " + MATCH_COLUMNS);
                if (request.sort() == SearchSort.RELEVANCE) {
                    sql.append(", (coalesce(ts_rank(e.search_head, (SELECT tsq FROM query)), 0)")
                            .append(" + CASE WHEN e.name = ? THEN 10 ELSE 0 END)::float8 AS rank", request.nameText());
                } else {
                    sql.append(", 0::float8 AS rank");
                }
                if (cap == Cap.ONE_PASS) {
                    // the candidates once (cand, one more than the cap, so it tells whether there are more), ranked
                    // from there: the first TOP_K_CAP and the exact name (all of them when there are no more)
                    sql.append(" FROM ((SELECT " + CANDIDATE_COLUMNS + " FROM cand e WHERE e.rn <= ").append(TOP_K_CAP)
                            .append(") UNION ALL (SELECT " + CANDIDATE_COLUMNS)
                            .append(" FROM hub.environments e WHERE e.name = ? AND e.search @@ (SELECT tsq FROM query) AND ",
                                    request.nameText())
                            .append(where.filters(false)).append(" AND NOT EXISTS (SELECT 1 FROM cand c WHERE c.id = e.id AND c.rn <= ")
                            .append(TOP_K_CAP).append("))) e), ");
                } else if (capped) {
                    // only the columns read above (the whole row would carry the README and the document into the
                    // sort and the UNION's duplicate check, which then decompresses them: ~10 times slower)
                    sql.append(" FROM ((").append(firstCandidates(TOP_K_CAP, narrow)).append(") UNION (SELECT " + CANDIDATE_COLUMNS)
                            .append(" FROM hub.environments e WHERE e.name = ? AND e.search @@ (SELECT tsq FROM query) AND ",
                                    request.nameText())
                            .append(where.filters(false)).append(")) e), ");
                } else {
                    sql.append(" FROM hub.environments e WHERE e.search @@ (SELECT tsq FROM query) AND ")
                            .append(where.filters(false)).append(cap == Cap.GUARDED ? " LIMIT " + (TOP_K_CAP + 1) : "").append("), ");
                }
            } else {
                sql.append("fts AS (SELECT " + MATCH_COLUMNS + ", 0::float8 AS rank FROM hub.environments e WHERE false), ");
            }
            sql.append("typo AS MATERIALIZED (SELECT " + MATCH_COLUMNS);
            if (names) {
                // typo tolerance: names similar to the text, only when the words found (almost) nothing
                sql.append(", (2 * similarity(e.name, ?))::float8 AS rank FROM hub.environments e", request.nameText())
                        .append(" WHERE (SELECT count(*) FROM (SELECT 1 FROM fts LIMIT ").append(TYPO_FALLBACK_BELOW)
                        .append(") few) < ").append(TYPO_FALLBACK_BELOW)
                        .append(" AND e.name OPERATOR(public.%) ? AND e.id NOT IN (SELECT id FROM fts) AND ", request.nameText())
                        .append(where.filters(false));
            } else {
                sql.append(", 0::float8 AS rank FROM hub.environments e WHERE false");
            }
            // both parts are materialized already: read them where needed instead of copying them once more
            sql.append("), mall AS NOT MATERIALIZED (SELECT * FROM fts UNION ALL SELECT * FROM typo)");
        }
        // mall: the matches of every filter but status (the statuses facet counts them); m: the result
        sql.append(", m AS NOT MATERIALIZED (SELECT * FROM mall");
        if (request.statusFilter() != null) {
            sql.append(" WHERE ").append(inStatusFilter());
        }
        sql.append(")");
        if (request.sort() == SearchSort.TRENDING) {
            sql.append(", " + TrendingSql.RECENT_CTE + ", page AS (SELECT m.id, rank, download_count, star_count,")
                    .append(" updated_at, name, coalesce(r.n, 0) AS downloads7d FROM m LEFT JOIN recent r ON r.environment_id = m.id");
        } else {
            sql.append(", page AS (SELECT id, rank, download_count, star_count, updated_at, name, NULL::bigint AS downloads7d FROM m");
        }
        sql.append(" ORDER BY " + where.order("")).append(" LIMIT ? OFFSET ?), ", request.size(), request.offset())
                .append("tc AS (SELECT t AS tag, count(*) AS n FROM (SELECT unnest(m.tags) AS t FROM m) x GROUP BY t), ")
                .append("facets AS (SELECT tag, n FROM tc ORDER BY n DESC, tag LIMIT ").append(FACET_LIMIT).append("), ")
                .append("tasks AS (SELECT tag, n FROM tc WHERE tag = ANY(?)), ", TASKS)
                .append("doms AS (SELECT tag, n FROM tc WHERE tag = ANY(?)), ", DOMAINS)
                // the licences, the statuses and the total from one pass over the matches, counted per licence and
                // status pair (three passes took ~0.6 ms longer for "math"; GROUPING SETS took longer to plan): n counts
                // the result (m), n_all every match but the status filter (mall)
                .append("agg AS MATERIALIZED (SELECT license, trust_status, ");
        if (request.statusFilter() != null) {
            sql.append("count(*) FILTER (WHERE ").append(inStatusFilter()).append(") AS n, ");
        } else {
            sql.append("count(*) AS n, ");
        }
        sql.append("count(*) AS n_all FROM mall GROUP BY license, trust_status), ")
                .append("lic AS (SELECT license AS tag, sum(n)::bigint AS n FROM agg WHERE " + LicenseFacet.SHORT)
                .append(" GROUP BY license HAVING sum(n) > 0 ORDER BY 2 DESC, license LIMIT ").append(LicenseFacet.LIMIT).append("), ")
                .append("st AS (SELECT trust_status AS tag, sum(n_all)::bigint AS n FROM agg WHERE trust_status IS NOT NULL")
                .append(" GROUP BY trust_status) ")
                .append("SELECT coalesce((SELECT sum(n) FROM agg), 0)::bigint AS total,")
                .append(" (SELECT array_agg(tag ORDER BY n DESC, tag) FROM facets) AS facet_tags,")
                .append(" (SELECT array_agg(n ORDER BY n DESC, tag) FROM facets) AS facet_counts,")
                .append(" (SELECT array_agg(tag ORDER BY n DESC, tag) FROM tasks) AS task_tags,")
                .append(" (SELECT array_agg(n ORDER BY n DESC, tag) FROM tasks) AS task_counts,")
                .append(" (SELECT array_agg(tag ORDER BY n DESC, tag) FROM doms) AS domain_tags,")
                .append(" (SELECT array_agg(n ORDER BY n DESC, tag) FROM doms) AS domain_counts,")
                .append(" (SELECT array_agg(tag ORDER BY n DESC, tag) FROM lic) AS license_tags,")
                .append(" (SELECT array_agg(n ORDER BY n DESC, tag) FROM lic) AS license_counts,")
                .append(" (SELECT array_agg(tag ORDER BY tag) FROM st) AS status_tags,")
                .append(" (SELECT array_agg(n ORDER BY tag) FROM st) AS status_counts,")
                .append(cap == Cap.ONE_PASS && words ? " (SELECT count(*) > " + TOP_K_CAP + " FROM cand) AS capped," : "")
                .append(cap == Cap.GUARDED && words ? " (SELECT count(*) > " + TOP_K_CAP + " FROM fts) AS capped," : "")
                .append(" p.id, p.downloads7d, " + SUMMARY_COLUMNS)
                .append(" FROM (SELECT 1) AS one LEFT JOIN page p ON true")
                .append(" LEFT JOIN hub.environments e ON e.id = p.id LEFT JOIN hub.owners o ON o.id = e.owner_id")
                .append(" ORDER BY " + where.order("p."));
        return statement(sql);
    }

    /** The status filter's condition on a match (only when there is one): what {@code m} keeps of {@code mall}. */
    private Sql inStatusFilter() {
        return Sql.of("trust_status = ANY(?)", request.statusFilter().toArray(String[]::new));
    }

    /** The order of a capped search's candidates over {@code e}: downloads for relevance and trending, else the sort's. */
    private String candidateOrder() {
        return switch (request.sort()) {
            case RELEVANCE, TRENDING -> "e.download_count DESC, e.id";
            default -> where.order("e.");
        };
    }
}
