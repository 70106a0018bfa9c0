package io.envhub.web.browse;

import io.envhub.web.account.Viewer;
import io.envhub.web.error.Problems;
import io.envhub.web.hub.HubClient;
import io.envhub.contract.api.SearchPage;
import io.envhub.web.view.AnonymousPages;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/** {@code /search}: full text, tag and status facets, validated, task and status filters, sorts and pages; a plain GET form. */
@Path("/search")
public class SearchResource {
    static final int PAGE_SIZE = 20;

    private final Viewer viewer;
    private final HubClient hub;
    private final AnonymousPages cache;

    public SearchResource(Viewer viewer, HubClient hub, AnonymousPages cache) {
        this.viewer = viewer;
        this.hub = hub;
        this.cache = cache;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance search(Viewer viewer, SearchQuery query, SearchPage result, Pages pages,
                                              String problem);
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response search(@QueryParam("q") String q, @QueryParam("tag") List<String> tags,
                           @QueryParam("validated") String validated, @QueryParam("task") String task,
                           @QueryParam("status") String status, @QueryParam("sort") String sort,
                           @QueryParam("page") String page, @QueryParam("domain") String domain,
                           @QueryParam("license") String license, @Context UriInfo uri) {
        SearchQuery query = SearchQuery.of(q, tags, validated, task, status, sort, page, domain, license);
        return cache.page(!viewer.signedIn(), uri.getRequestUri(), () -> render(query));
    }

    private Response render(SearchQuery query) {
        try {
            SearchPage result = hub.search(viewer.bearer(), query.q(), query.tags(), null,
                    query.validated() ? "true" : null, query.task(), query.status(), query.sort(), query.page(), PAGE_SIZE,
                    query.domain(), query.license());
            return Response.ok(Templates.search(viewer, query, result, Pages.of(result), null).render()).build();
        } catch (WebApplicationException e) {
            if (Problems.status(e) != 400) {
                throw e;
            }
            String problem = Problems.detail(e);
            return Response.status(400).entity(Templates.search(viewer, query, null, null,
                    problem == null ? "The search could not be run." : problem)).build();
        }
    }
}
