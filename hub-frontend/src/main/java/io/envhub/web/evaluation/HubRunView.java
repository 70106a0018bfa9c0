package io.envhub.web.evaluation;

import io.envhub.contract.api.HubEvalRun;
import java.util.Locale;

/**
 * A hub-run evaluation's progress as its page shows it.
 *
 * @param run the run as the API answered
 * @param owner the environment's owner
 * @param name the environment's name
 * @param version the version evaluated
 * @param confirmCancel whether the page asks "cancel this run?" (and stops refreshing meanwhile)
 * @param error why a cancel was refused, or null
 */
public record HubRunView(HubEvalRun run, String owner, String name, String version, boolean confirmCancel, String error) {
    /** Seconds between refreshes of the page while the run is queued or running. */
    public static final int REFRESH_SECONDS = 3;

    /** {@link #REFRESH_SECONDS}, for the template. */
    public int refreshSeconds() {
        return REFRESH_SECONDS;
    }

    /** Whether the run is still queued or running (the page refreshes itself and offers to cancel it). */
    public boolean live() {
        return !run.over();
    }

    /** Whether the page refreshes itself: while live, except when asking for the cancel confirmation. */
    public boolean refresh() {
        return live() && !confirmCancel;
    }

    /** The status as one word, {@code unknown} when the API sent none. */
    public String status() {
        return run.status() == null ? "unknown" : run.status();
    }

    /** Rollouts done so far (0 when not stated). */
    public int done() {
        return run.done() == null ? 0 : run.done();
    }

    /** Rollouts planned (0 when not known yet). */
    public int total() {
        return run.total() == null ? 0 : run.total();
    }

    /** Done out of total as a whole percentage (0 when the total is unknown). */
    public int percent() {
        return total() <= 0 ? 0 : (int) Math.min(100, Math.round(100.0 * done() / total()));
    }

    /** The mean reward so far (or at the end) to three decimals, or an em dash before the first rollout. */
    public String meanReward() {
        return run.meanReward() == null ? "—" : String.format(Locale.ROOT, "%.3f", run.meanReward());
    }

    /** This page's path. */
    public String href() {
        return versionHref() + "/evals/runs/" + run.id();
    }

    /** The version's page. */
    public String versionHref() {
        return "/" + owner + "/" + name + "/versions/" + version;
    }

    /** The normal run page of the evaluation run it became, or null before it finished. */
    public String resultHref() {
        return run.evalRunId() == null ? null : "/" + owner + "/" + name + "/evals/" + run.evalRunId();
    }

    /** The version's leaderboard limited to hub-run results. */
    public String leaderboardHref() {
        return "/" + owner + "/" + name + "/evals?version=" + java.net.URLEncoder.encode(version,
                java.nio.charset.StandardCharsets.UTF_8) + "&provenance=" + Leaderboard.HUB_RUN;
    }
}
