package io.envhub.web.owner;

import io.envhub.contract.SearchSort;
import io.envhub.web.account.Viewer;
import io.envhub.web.browse.Pages;
import io.envhub.web.view.Names;
import io.envhub.web.hub.HubClient;
import io.envhub.web.hub.HubViews.Owner;
import io.envhub.contract.api.SearchPage;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** {@code /{owner}}: a user's profile or an organisation with its members, and the environments it owns. */
@Path("/")
public class OwnerResource {
    static final int PAGE_SIZE = 30;

    private final Viewer viewer;
    private final HubClient hub;

    public OwnerResource(Viewer viewer, HubClient hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance owner(Viewer viewer, Owner owner, SearchPage environments, Pages pages);
    }

    @GET
    @Path("{owner: " + Names.OWNER + "}")
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance owner(@PathParam("owner") String name, @QueryParam("page") String page) {
        String bearer = viewer.bearer();
        Owner owner = hub.owner(bearer, name);
        SearchPage envs = hub.search(bearer, null, List.of(), owner.name(), null, null, null, SearchSort.RECENT.wire(), page,
                PAGE_SIZE, null, null);
        return Templates.owner(viewer, owner, envs, Pages.of(envs));
    }
}
