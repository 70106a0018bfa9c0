package io.envhub.web.home;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.HubViews.Explore;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The home page: search box, counts, trending, recently updated and newest validated environments. */
@Path("/")
public class HomeResource {
    private final Viewer viewer;
    private final ExploreSource explore;

    public HomeResource(Viewer viewer, ExploreSource explore) {
        this.viewer = viewer;
        this.explore = explore;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance home(Viewer viewer, Explore explore);
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance home() {
        return Templates.home(viewer, explore.explore());
    }
}
