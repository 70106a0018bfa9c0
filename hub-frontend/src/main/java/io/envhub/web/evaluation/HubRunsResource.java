package io.envhub.web.evaluation;

import io.envhub.contract.api.HubEvalRun;
import io.envhub.web.account.Viewer;
import io.envhub.web.hub.HubClient;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.web.settings.ApiProblem;
import io.envhub.web.view.Names;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.jboss.resteasy.reactive.RestForm;

/**
 * Evaluations the hub runs itself (issue 33): the "Run an evaluation on the hub" form of a version's evaluations page
 * posts here; a started run has a progress page ({@code /{owner}/{name}/versions/{version}/evals/runs/{id}}: status,
 * done/total, mean reward so far, refreshing itself while queued or running, a cancel button behind a confirmation)
 * that links to the normal run page once finished. The API key is read from the form body, sent in the JSON body to
 * hub-backend and dropped: it is never put back into a page, a URL or a log line.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class HubRunsResource {
    private static final String RUN_ID = "{id: [0-9A-Za-z-]{1,64}}";

    private final Viewer viewer;
    private final HubClient hub;
    private final EvalClient runs;
    private final EvalsResource evals;

    public HubRunsResource(Viewer viewer, HubClient hub, EvalClient runs, EvalsResource evals) {
        this.viewer = viewer;
        this.hub = hub;
        this.runs = runs;
        this.evals = evals;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance progress(Viewer viewer, EnvironmentDetail env, HubRunView view);
    }

    @POST
    @Path(Names.ENVIRONMENT + "/evals/hub-runs")
    public Response start(@PathParam("owner") String owner, @PathParam("name") String name, @RestForm String version,
                          @RestForm String baseUrl, @RestForm String model, @RestForm String apiKey,
                          @RestForm String examples, @RestForm String rollouts, @RestForm String temperature,
                          @RestForm String maxTokens) {
        String bearer = bearer();
        if (version == null || !version.matches(Names.VERSION)) {
            throw new BadRequestException("no version");
        }
        HubRunForm form = HubRunForm.of(baseUrl, model, examples, rollouts, temperature, maxTokens).checked(apiKey);
        if (!form.errors().isEmpty()) {
            return refused(400, owner, name, version, form);
        }
        HubEvalRun started;
        try {
            started = ApiProblem.call(() -> runs.start(bearer, owner, name, version, form.request(apiKey)));
        } catch (ApiProblem.Refused e) {
            return refused(e.problem().status() >= 500 ? 502 : e.problem().status(), owner, name, version,
                    form.refused(e.problem()));
        }
        return Response.seeOther(URI.create("/" + owner + "/" + name + "/versions/" + version + "/evals/runs/" + started.id()))
                .build();
    }

    @GET
    @Path(Names.VERSION_PAGE + "/evals/runs/" + RUN_ID)
    public TemplateInstance progress(@PathParam("owner") String owner, @PathParam("name") String name,
                                     @PathParam("version") String version, @PathParam("id") String id,
                                     @QueryParam("confirm") String confirm) {
        return page(owner, name, version, id, "cancel".equals(confirm), null);
    }

    private TemplateInstance page(String owner, String name, String version, String id, boolean confirm, String error) {
        String bearer = bearer();
        EnvironmentDetail env = hub.environment(bearer, owner, name);
        HubEvalRun run = runs.hubRun(bearer, env.owner(), env.name(), version, id);
        return Templates.progress(viewer, env, new HubRunView(run, env.owner(), env.name(), version, confirm, error));
    }

    @POST
    @Path(Names.VERSION_PAGE + "/evals/runs/" + RUN_ID + "/cancel")
    public Response cancel(@PathParam("owner") String owner, @PathParam("name") String name,
                           @PathParam("version") String version, @PathParam("id") String id, @RestForm String confirm) {
        String bearer = bearer();
        String page = "/" + owner + "/" + name + "/versions/" + version + "/evals/runs/" + id;
        if (!"cancel".equals(confirm)) {
            return Response.seeOther(URI.create(page + "?confirm=cancel")).build();
        }
        try {
            ApiProblem.run(() -> runs.cancel(bearer, owner, name, version, id));
        } catch (ApiProblem.Refused e) {
            if (e.problem().notFound()) {
                throw new jakarta.ws.rs.NotFoundException();
            }
            return Response.status(e.problem().status() >= 500 ? 502 : e.problem().status()).type(MediaType.TEXT_HTML_TYPE)
                    .entity(page(owner, name, version, id, false, e.problem().detail())).build();
        }
        return Response.seeOther(URI.create(page)).build();
    }

    private Response refused(int status, String owner, String name, String version, HubRunForm form) {
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE)
                .entity(evals.leaderboard(owner, name, version, null, null, null, null, form)).build();
    }

    private String bearer() {
        if (!viewer.signedIn()) {
            throw new UnauthorizedException();
        }
        return viewer.bearer();
    }
}
