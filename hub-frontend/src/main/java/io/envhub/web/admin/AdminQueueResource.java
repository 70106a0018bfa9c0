package io.envhub.web.admin;

import io.envhub.web.account.Viewer;
import io.envhub.web.error.Problems;
import io.envhub.web.evaluation.EvalClient;
import io.envhub.web.evaluation.EvalViews.RunDetail;
import io.envhub.web.hub.HubClient;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.VersionDetail;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * {@code /admin}: the review queue of both services in one list (newest first, filtered by kind and state), and
 * {@code /admin/review?target=...}: one target with its open reports and every moderation action as a form. Admins
 * only; everyone else gets the normal 404 page ({@link AdminGate}).
 */
@Path("/admin")
@Produces(MediaType.TEXT_HTML)
public class AdminQueueResource {
    /** The console's cookie scope. */
    static final String SCOPE = "/admin";

    private final Viewer viewer;
    private final AdminGate gate;
    private final AdminQueue queue;
    private final HubClient hub;
    private final EvalClient evals;

    public AdminQueueResource(Viewer viewer, AdminGate gate, AdminQueue queue, HubClient hub,
                              EvalClient evals) {
        this.viewer = viewer;
        this.gate = gate;
        this.queue = queue;
        this.hub = hub;
        this.evals = evals;
    }

    /** The review page's data: the target, what the hub says about it now, and the reports about it. */
    public record Review(Target target, EnvironmentDetail env, VersionDetail version, RunDetail run, List<QueueItem> reports,
                         String reportId, String back) {
        /** The versions' status values an admin may set by hand. */
        public List<String> statuses() {
            return List.of("validated", "failed");
        }

        public boolean quarantined() {
            return version != null && Boolean.TRUE.equals(version.quarantined());
        }

        /** The review page of the environment's latest version, or null. */
        public String latestHref() {
            return env == null || env.latestVersion() == null ? null
                    : QueueItem.reviewHref(env.owner() + "/" + env.name() + "@" + env.latestVersion(), "", "");
        }

        /** Whether the run under review is hidden from the leaderboards. */
        public boolean runHidden() {
            return run != null && run.hidden();
        }

        public boolean unlisted() {
            return env != null && Boolean.TRUE.equals(env.unlisted());
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance queue(Viewer viewer, AdminQueue.Merged queue, String kind, String state,
                                             List<String> kinds, List<String> states, String back, Notice.Shown notice);

        static native TemplateInstance review(Viewer viewer, Review review, Notice.Shown notice);
    }

    @GET
    public Response queue(@QueryParam("kind") String kind, @QueryParam("state") String state,
                          @CookieParam(Notice.COOKIE) String noticeCookie) {
        String bearer = gate.bearer();
        String k = QueueFilters.kind(kind);
        String s = QueueFilters.state(state);
        AdminQueue.Merged items = queue.items(bearer, k, s);
        String back = "/admin" + query(k, s);
        Notice.Shown notice = Notice.read(noticeCookie);
        return Notice.clearOn(Response.ok(Templates.queue(viewer, items, k, s, QueueFilters.KINDS, QueueFilters.STATES, back,
                notice)), SCOPE, notice).build();
    }

    @GET
    @Path("/review")
    public Response review(@QueryParam("target") String targetText, @QueryParam("report") String reportId,
                           @CookieParam(Notice.COOKIE) String noticeCookie) {
        String bearer = gate.bearer();
        Target target = Target.parse(targetText);
        if (target == null) {
            throw new NotFoundException();
        }
        EnvironmentDetail env = null;
        VersionDetail version = null;
        RunDetail run = null;
        if (!target.bounty()) {
            env = orNull(() -> hub.environment(bearer, target.owner(), target.name()));
            if (env != null && target.version() != null) {
                EnvironmentDetail e = env;
                version = orNull(() -> hub.version(bearer, e.owner(), e.name(), target.version()));
            }
            if (env != null && target.run()) {
                EnvironmentDetail e = env;
                run = orNull(() -> await(evals.run(bearer, e.owner(), e.name(), target.runId())));
            }
        }
        List<QueueItem> reports = queue.items(bearer, "report", null).items().stream()
                .filter(i -> target.text().equalsIgnoreCase(i.target())).toList();
        String back = QueueItem.reviewHref(target.text(), reportId == null ? "" : "report", reportId == null ? "" : reportId);
        Notice.Shown notice = Notice.read(noticeCookie);
        return Notice.clearOn(Response.ok(Templates.review(viewer, new Review(target, env, version, run, reports, reportId, back),
                notice)), SCOPE, notice).build();
    }

    private static <T> T await(java.util.concurrent.CompletionStage<T> call) {
        try {
            return call.toCompletableFuture().join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private static <T> T orNull(java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (WebApplicationException e) {
            if (Problems.status(e) == 404) {
                return null;
            }
            throw e;
        }
    }

    private static String query(String kind, String state) {
        if (kind == null && state == null) {
            return "";
        }
        return "?" + (kind == null ? "" : "kind=" + kind) + (kind != null && state != null ? "&" : "")
                + (state == null ? "" : "state=" + state);
    }
}
