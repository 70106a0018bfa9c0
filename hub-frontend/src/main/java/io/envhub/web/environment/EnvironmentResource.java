package io.envhub.web.environment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.contract.report.ValidationReport;
import io.envhub.web.account.Viewer;
import io.envhub.web.bounty.BountyAwards;
import io.envhub.web.error.Problems;
import io.envhub.web.hub.HubClient;
import io.envhub.contract.api.DayCount;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.web.view.AnonymousPages;
import io.envhub.web.view.Names;
import io.envhub.web.view.ReadmeRenderer;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** {@code /{owner}/{name}}: an environment's page, and its star button ({@code POST .../star}, CSRF-checked). */
@Path("/")
public class EnvironmentResource {
    static final int CHART_DAYS = 30;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Viewer viewer;
    private final HubClient hub;
    private final ReadmeRenderer readmes;
    private final BountyAwards awards;
    private final AnonymousPages cache;

    public EnvironmentResource(Viewer viewer, HubClient hub, ReadmeRenderer readmes, BountyAwards awards,
                               AnonymousPages cache) {
        this.viewer = viewer;
        this.hub = hub;
        this.readmes = readmes;
        this.awards = awards;
        this.cache = cache;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance environment(Viewer viewer, EnvironmentPage page, List<Submission> awards);
    }

    @GET
    @Path(Names.ENVIRONMENT)
    @Produces(MediaType.TEXT_HTML)
    public Response environment(@PathParam("owner") String owner, @PathParam("name") String name,
                                @Context UriInfo uri) {
        return cache.page(!viewer.signedIn(), uri.getRequestUri(), () -> Response.ok(render(owner, name)).build());
    }

    private String render(String owner, String name) {
        String bearer = viewer.bearer();
        // two calls at once: the bounty service's awards, and everything the hub shows in one composite call
        CompletableFuture<List<Submission>> awarded = awards.of(bearer, owner, name);
        io.envhub.contract.api.EnvironmentPage data = hub.page(bearer, owner, name, CHART_DAYS);
        EnvironmentDetail env = data.environment();
        if (!env.owner().equals(owner) || !env.name().equals(name)) {
            awarded = awards.of(bearer, env.owner(), env.name());   // asked by another spelling: ask by the canonical one
        }
        List<DayCount> days = data.downloads();
        String readme = readmes.render(data.readme());
        Overview overview = readme == null || readme.isBlank() ? overview(bearer, env) : null;
        return Templates.environment(viewer, new EnvironmentPage(env, readme, data.versions(),
                DownloadChart.svg(days), DownloadChart.total(days), InstallSnippets.of(env), overview), await(awarded)).render();
    }

    /** The overview of a README-less environment, from its latest version's report (none yet: the description only). */
    private Overview overview(String bearer, EnvironmentDetail env) {
        ValidationReport report = null;
        if (env.latestVersion() != null) {
            try {
                JsonNode r = hub.report(bearer, env.owner(), env.name(), env.latestVersion());
                report = r != null && r.isObject() ? JSON.treeToValue(r, ValidationReport.class) : null;
            } catch (WebApplicationException e) {
                if (Problems.status(e) != 404) {
                    throw e;
                }
            } catch (JsonProcessingException | IllegalArgumentException e) {
                report = null; // an unreadable report: the description only
            }
        }
        return Overview.of(env.summary(), env.latestVersion(), report);
    }

    /** The result of a call, its failure rethrown as the client threw it (so the error pages map it as usual). */
    static <T> T await(CompletableFuture<T> call) {
        try {
            return call.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** Stars ({@code action=star}) or unstars ({@code action=unstar}) for the signed-in viewer; anonymous: sign in. */
    @POST
    @Path(Names.ENVIRONMENT + "/star")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response star(@PathParam("owner") String owner, @PathParam("name") String name,
                         @FormParam("action") String action) {
        if (!viewer.signedIn()) {
            throw new UnauthorizedException();
        }
        if ("unstar".equals(action)) {
            hub.unstar(viewer.bearer(), owner, name);
        } else if ("star".equals(action)) {
            hub.star(viewer.bearer(), owner, name);
        } else {
            throw new BadRequestException("action must be star or unstar");
        }
        return Response.seeOther(URI.create("/" + owner + "/" + name)).build();
    }

    /** Where the browser lands after signing in from the star button: back to the page. */
    @GET
    @Path(Names.ENVIRONMENT + "/star")
    public Response afterSignIn(@PathParam("owner") String owner, @PathParam("name") String name) {
        return Response.seeOther(URI.create("/" + owner + "/" + name)).build();
    }
}
