package io.envhub.web.collection;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.http.ProblemException;
import io.envhub.web.account.Viewer;
import io.envhub.web.collection.CollectionViews.Collection;
import io.envhub.web.notification.HubJson;
import io.envhub.web.settings.Flash;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.RestForm;

/**
 * Collections: {@code /collections/{id}} (a collection and its items with notes; private ones are the site's 404 to
 * others), {@code /users/{user}/collections} (a user's), and {@code /collections/add?environment=owner/name} (the
 * environment page's "Add to collection": pick one of yours or name a new one, with a note).
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class CollectionsResource {
    private static final TypeReference<List<Collection>> LIST = new TypeReference<>() {
    };

    private final Viewer viewer;
    private final HubJson hub;
    private final ObjectMapper json;

    public CollectionsResource(Viewer viewer, HubJson hub, ObjectMapper json) {
        this.viewer = viewer;
        this.hub = hub;
        this.json = json;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance collection(Viewer viewer, Collection collection, String flash);

        static native TemplateInstance collections(Viewer viewer, String user, List<Collection> collections);

        static native TemplateInstance add(Viewer viewer, String environment, List<Collection> mine, String flash);
    }

    @GET
    @Path("collections/{id: \\d+}")
    public Response collection(@PathParam("id") long id, @CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        try {
            Collection c = json.convertValue(hub.get(viewer, "/api/v1/collections/" + id), Collection.class);
            return Flash.clearOn(Response.ok(Templates.collection(viewer, c, flash)), flash, "/collections/" + id).build();
        } catch (ProblemException e) {
            throw HubJson.or404(e);
        }
    }

    @GET
    @Path("users/{user}/collections")
    public TemplateInstance ofUser(@PathParam("user") String user) {
        try {
            return Templates.collections(viewer, user, json.convertValue(hub.get(viewer, "/api/v1/users/" + user + "/collections"), LIST));
        } catch (ProblemException e) {
            throw HubJson.or404(e);
        }
    }

    @GET
    @Path("collections/add")
    public Response addForm(@QueryParam("environment") String environment, @CookieParam(Flash.COOKIE) String flashCookie) {
        if (!viewer.signedIn()) {
            return Response.seeOther(java.net.URI.create("/login?next=/collections/add?environment="
                    + io.envhub.web.view.Formats.urlParam(environment == null ? "" : environment))).build();
        }
        String flash = Flash.read(flashCookie);
        List<Collection> mine = json.convertValue(hub.get(viewer, "/api/v1/users/" + viewer.username() + "/collections"), LIST);
        return Flash.clearOn(Response.ok(Templates.add(viewer, environment == null ? "" : environment, mine, flash)), flash,
                "/collections/add").build();
    }

    /** Adds the environment to a chosen collection, or to a new one named in the form. */
    @POST
    @Path("collections/add")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response add(@RestForm String environment, @RestForm String collection, @RestForm String title,
                        @RestForm String visibility, @RestForm String note) {
        try {
            long id;
            if (collection == null || collection.isBlank() || "new".equals(collection)) {
                Map<String, Object> body = new HashMap<>();
                body.put("title", title == null ? "" : title);
                body.put("visibility", "private".equals(visibility) ? "private" : "public");
                id = hub.call(viewer, "POST", "/api/v1/collections", body).path("id").asLong();
            } else {
                id = Long.parseLong(collection);
            }
            Map<String, Object> item = new HashMap<>();
            item.put("environment", environment);
            item.put("note", note);
            hub.call(viewer, "POST", "/api/v1/collections/" + id + "/items", item);
            return Flash.redirectTo("/collections/" + id, environment + " added.");
        } catch (ProblemException | NumberFormatException e) {
            String why = e instanceof ProblemException p ? HubJson.detail(p) : "Pick a collection.";
            return Flash.redirectTo("/collections/add?environment=" + io.envhub.web.view.Formats.urlParam(environment), why);
        }
    }

    @POST
    @Path("collections/{id: \\d+}/remove")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response remove(@PathParam("id") long id, @RestForm String environment) {
        if (environment == null || !environment.matches("[A-Za-z0-9._-]{1,100}/[A-Za-z0-9._-]{1,200}")) {
            return Flash.redirectTo("/collections/" + id, "Not an environment: owner/name.");
        }
        try {
            hub.call(viewer, "DELETE", "/api/v1/collections/" + id + "/items/" + environment, null);
        } catch (ProblemException e) {
            return Flash.redirectTo("/collections/" + id, HubJson.detail(e));
        }
        return Flash.redirectTo("/collections/" + id, environment + " removed.");
    }
}
