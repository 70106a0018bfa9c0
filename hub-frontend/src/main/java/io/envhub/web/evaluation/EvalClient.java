package io.envhub.web.evaluation;

import static io.envhub.web.client.ServiceJson.path;
import static io.envhub.web.client.ServiceJson.query;

import com.fasterxml.jackson.core.type.TypeReference;
import io.envhub.contract.api.HubEvalRequest;
import io.envhub.contract.api.HubEvalRun;
import io.envhub.web.client.HubBackend;
import io.envhub.web.client.ServiceJson;
import io.envhub.web.evaluation.EvalViews.RolloutPage;
import io.envhub.web.evaluation.EvalViews.RunDetail;
import io.envhub.web.evaluation.EvalViews.RunSummary;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.eclipse.microprofile.context.ManagedExecutor;

/**
 * hub-backend's evaluation API over contract's JSON client ({@link ServiceJson}), called with the viewer's own token
 * ({@code bearer} null for anonymous visitors): the leaderboard's runs and a run's page (asked in the background, so
 * that a page makes its calls at once), and the hub-run evaluations of a version (issue 33). The start request carries
 * the model endpoint's API key in the JSON body only, never in a URL, and nothing here logs bodies.
 */
@ApplicationScoped
public class EvalClient {
    private static final String EVALS = "/api/v1/environments/{}/{}/evals";
    private static final String RUNS = "/api/v1/environments/{}/{}/versions/{}/evals/runs";
    private static final TypeReference<List<RunSummary>> SUMMARIES = new TypeReference<>() { };

    private final ServiceJson hub;
    private final ManagedExecutor background;

    public EvalClient(@HubBackend ServiceJson hub, ManagedExecutor background) {
        this.hub = hub;
        this.background = background;
    }

    public CompletableFuture<List<RunSummary>> runs(String bearer, String owner, String name) {
        String at = path(EVALS, owner, name);
        return async(() -> hub.get(bearer, at, SUMMARIES));
    }

    public CompletableFuture<RunDetail> run(String bearer, String owner, String name, long id) {
        String at = path(EVALS + "/{}", owner, name, id);
        return async(() -> hub.get(bearer, at, RunDetail.class));
    }

    public CompletableFuture<RolloutPage> rollouts(String bearer, String owner, String name, long id, int page) {
        String at = query(path(EVALS + "/{}/rollouts", owner, name, id), "page", page);
        return async(() -> hub.get(bearer, at, RolloutPage.class));
    }

    /** Starts a hub run: 202 {@code {"id","status":"queued"}}. */
    public HubEvalRun start(String bearer, String owner, String name, String version, HubEvalRequest body) {
        return hub.bind(hub.call(bearer, "POST", path(RUNS, owner, name, version), body), HubEvalRun.class);
    }

    /** A hub run's progress. */
    public HubEvalRun hubRun(String bearer, String owner, String name, String version, String id) {
        return hub.get(bearer, path(RUNS + "/{}", owner, name, version, id), HubEvalRun.class);
    }

    /** Cancels a queued or running hub run. */
    public void cancel(String bearer, String owner, String name, String version, String id) {
        hub.call(bearer, "POST", path(RUNS + "/{}/cancel", owner, name, version, id), null);
    }

    private <T> CompletableFuture<T> async(Supplier<T> call) {
        return background.supplyAsync(call);
    }
}
