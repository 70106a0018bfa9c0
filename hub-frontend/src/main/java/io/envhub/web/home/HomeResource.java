package io.envhub.web.home;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.HubClient;
import io.envhub.contract.api.Explore;
import io.envhub.web.view.AnonymousPages;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** The home page: search box, counts, trending, recently updated and newest validated environments. */
@Path("/")
public class HomeResource {
    private final Viewer viewer;
    private final HubClient hub;
    private final AnonymousPages cache;

    public HomeResource(Viewer viewer, HubClient hub, AnonymousPages cache) {
        this.viewer = viewer;
        this.hub = hub;
        this.cache = cache;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance home(Viewer viewer, Explore explore);
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response home(@Context UriInfo uri) {
        // anonymous on purpose: explore lists public environments only, the same (cached) answer for everyone
        return cache.page(!viewer.signedIn(), uri.getRequestUri(),
                () -> Response.ok(Templates.home(viewer, hub.explore(null)).render()).build());
    }
}
