package io.envhub.registry.search;

import java.util.Locale;

/**
 * The scan types a search's answer statement ({@link SearchSql#filtered}) is planned with, chosen by
 * {@link SearchService} from the planner's estimate of the matches. A statement whose plan does not depend on its
 * parameters' values ({@link SearchSql#planOnce()}) is planned once per database connection with the plan's settings
 * and reused ({@link SearchSql.Statement#planOnce}); its text names the plan, so a plan made with one set of scan types
 * is never reused under another.
 */
enum AnswerPlan {
    /** Every scan type (the planner's choice). */
    DEFAULT("on", "on"),
    /** No sequential scans: candidates from {@code hub.search_docs} through its full-text index. */
    NO_SEQUENTIAL_SCANS("off", "on"),
    /** Neither sequential nor bitmap scans: a very common word's candidates by walking the sort's index. */
    WALK_SORT_INDEX("off", "off");

    private final String seqscan;
    private final String bitmapscan;

    AnswerPlan(String seqscan, String bitmapscan) {
        this.seqscan = seqscan;
        this.bitmapscan = bitmapscan;
    }

    /**
     * The statement that sets this plan's scan types for the rest of the transaction and whether the next statements
     * are planned for their values ({@code auto}: PostgreSQL's default) or once for any values.
     */
    String settings(boolean planOnce) {
        return "SELECT set_config('enable_seqscan', '" + seqscan + "', true), set_config('enable_bitmapscan', '" + bitmapscan
                + "', true), set_config('plan_cache_mode', '" + (planOnce ? "force_generic_plan" : "auto") + "', true)";
    }

    /** The comment that starts a statement planned once under this plan (part of the statement's text). */
    String tag() {
        return "/* search plan: " + name().toLowerCase(Locale.ROOT) + " */ ";
    }
}
