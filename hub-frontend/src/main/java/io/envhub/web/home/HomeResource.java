package io.envhub.web.home;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.HubApi;
import io.envhub.web.hub.HubViews.Explore;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/** The home page: search box, counts, trending, recently updated and newest validated environments. */
@Path("/")
public class HomeResource {
    private final Viewer viewer;
    private final HubApi hub;

    public HomeResource(Viewer viewer, @RestClient HubApi hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance home(Viewer viewer, Explore explore);
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance home() {
        // anonymous on purpose: explore lists public environments only, the same (cached) answer for everyone
        return Templates.home(viewer, hub.explore(null));
    }
}
