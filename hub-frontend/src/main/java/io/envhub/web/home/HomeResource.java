package io.envhub.web.home;

import io.envhub.web.account.Viewer;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The home page. */
@Path("/")
public class HomeResource {
    private final Viewer viewer;

    public HomeResource(Viewer viewer) {
        this.viewer = viewer;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance home(Viewer viewer);
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance home() {
        return Templates.home(viewer);
    }
}
