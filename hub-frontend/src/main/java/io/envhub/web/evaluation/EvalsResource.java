package io.envhub.web.evaluation;

import io.envhub.web.account.Viewer;
import io.envhub.web.view.Names;
import io.envhub.web.evaluation.EvalViews.RolloutPage;
import io.envhub.web.evaluation.EvalViews.RunDetail;
import io.envhub.web.evaluation.EvalViews.RunSummary;
import io.envhub.web.hub.HubClient;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.VersionSummary;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The "Evaluations" tab of an environment ({@code /{owner}/{name}/evals}: the leaderboard of a version) and a run's
 * page ({@code /{owner}/{name}/evals/{id}}: configuration, aggregates, per-function means, a page of rollouts).
 */
@Path("/")
public class EvalsResource {
    private final Viewer viewer;
    private final HubClient hub;
    private final EvalClient evals;

    public EvalsResource(Viewer viewer, HubClient hub, EvalClient evals) {
        this.viewer = viewer;
        this.hub = hub;
        this.evals = evals;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance leaderboard(Viewer viewer, EnvironmentDetail env, Leaderboard board, HubRunForm hubRun);

        static native TemplateInstance run(Viewer viewer, EnvironmentDetail env, RunDetail detail, RunView view, RolloutPage page,
                                           List<RolloutView> rollouts);
    }

    @GET
    @Path(Names.ENVIRONMENT + "/evals")
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance leaderboard(@PathParam("owner") String owner, @PathParam("name") String name,
                                        @QueryParam("version") String version, @QueryParam("sort") String sort,
                                        @QueryParam("order") String order, @QueryParam("setting") String setting,
                                        @QueryParam("provenance") String provenance) {
        return leaderboard(owner, name, version, sort, order, setting, provenance, HubRunForm.blank());
    }

    /**
     * The leaderboard page of a version with the "Run an evaluation on the hub" form in the given state (shown again
     * with its errors after a refusal).
     */
    TemplateInstance leaderboard(String owner, String name, String version, String sort, String order, String setting,
                                 String provenance, HubRunForm form) {
        String bearer = viewer.bearer();
        EnvironmentDetail env = hub.environment(bearer, owner, name);
        CompletableFuture<List<VersionSummary>> versions = hub.versions(bearer, env.owner(), env.name());
        CompletableFuture<List<RunSummary>> runs = evals.runs(bearer, env.owner(), env.name());
        String requested = version != null && version.matches(Names.VERSION) ? version : null;
        return Templates.leaderboard(viewer, env, Leaderboard.of(await(runs), await(versions), requested, sort, order,
                setting != null && setting.matches("[0-9]{1,9}x[0-9]{1,9}") ? setting : null, provenance), form);
    }

    @GET
    @Path(Names.ENVIRONMENT + "/evals/{id: [0-9]{1,18}}")
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance run(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id,
                                @QueryParam("page") @DefaultValue("1") String page) {
        String bearer = viewer.bearer();
        EnvironmentDetail env = hub.environment(bearer, owner, name);
        int p = page.matches("[0-9]{1,6}") ? Math.max(1, Integer.parseInt(page)) : 1;
        CompletableFuture<RunDetail> detail = evals.run(bearer, env.owner(), env.name(), id);
        CompletableFuture<RolloutPage> rollouts = evals.rollouts(bearer, env.owner(), env.name(), id, p);
        RunDetail d = await(detail);
        RolloutPage rp = await(rollouts);
        return Templates.run(viewer, env, d, RunView.of(d), rp,
                rp.rollouts().stream().map(RolloutView::of).toList());
    }

    private static <T> T await(CompletableFuture<T> call) {
        try {
            return call.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }
}
