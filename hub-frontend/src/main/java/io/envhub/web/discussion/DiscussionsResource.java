package io.envhub.web.discussion;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.http.ProblemException;
import io.envhub.web.account.Viewer;
import io.envhub.web.discussion.DiscussionViews.Discussion;
import io.envhub.web.discussion.DiscussionViews.Shown;
import io.envhub.web.discussion.DiscussionViews.Thread;
import io.envhub.web.view.Names;
import io.envhub.web.view.ReadmeRenderer;
import io.envhub.contract.api.Readme;
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
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.resteasy.reactive.RestForm;

/**
 * The community tab of environments ({@code /{owner}/{name}/discussions}) and bounties ({@code /bounties/{id}/discussions}):
 * the threads, a thread with its comments (Markdown rendered through the README sanitizer), new threads and comments,
 * editing one's comments, closing, reopening and pinning for those who may, and a Report button on each comment.
 * Readable signed out.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class DiscussionsResource {
    private static final TypeReference<List<Discussion>> LIST = new TypeReference<>() {
    };
    private static final Set<String> ACTIONS = Set.of("close", "reopen", "pin", "unpin");

    private final Viewer viewer;
    private final HubJson hub;
    private final ObjectMapper json;
    private final ReadmeRenderer markdown;

    public DiscussionsResource(Viewer viewer, HubJson hub, ObjectMapper json, ReadmeRenderer markdown) {
        this.viewer = viewer;
        this.hub = hub;
        this.json = json;
        this.markdown = markdown;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance discussions(Viewer viewer, String what, String base, String listHref,
                                                   List<Discussion> threads, String state, String flash);

        static native TemplateInstance thread(Viewer viewer, String what, String base, String back, Discussion discussion,
                                              List<Shown> comments, String flash);
    }

    @GET
    @Path(Names.ENVIRONMENT + "/discussions")
    public Response environment(@PathParam("owner") String owner, @PathParam("name") String name, @QueryParam("state") String state,
                                @CookieParam(Flash.COOKIE) String flash) {
        return list(owner + "/" + name, "/" + owner + "/" + name, "/api/v1/environments/" + owner + "/" + name, state, flash);
    }

    @GET
    @Path("bounties/{bounty: \\d+}/discussions")
    public Response bounty(@PathParam("bounty") long bounty, @QueryParam("state") String state, @CookieParam(Flash.COOKIE) String flash) {
        return list("bounty " + bounty, "/bounties/" + bounty, "/api/v1/bounties/" + bounty, state, flash);
    }

    @POST
    @Path(Names.ENVIRONMENT + "/discussions")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response openOnEnvironment(@PathParam("owner") String owner, @PathParam("name") String name, @RestForm String title,
                                      @RestForm String body) {
        return open("/" + owner + "/" + name, "/api/v1/environments/" + owner + "/" + name, title, body);
    }

    @POST
    @Path("bounties/{bounty: \\d+}/discussions")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response openOnBounty(@PathParam("bounty") long bounty, @RestForm String title, @RestForm String body) {
        return open("/bounties/" + bounty, "/api/v1/bounties/" + bounty, title, body);
    }

    @GET
    @Path(Names.ENVIRONMENT + "/discussions/{id: \\d+}")
    public Response environmentThread(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id,
                                      @CookieParam(Flash.COOKIE) String flash) {
        return thread(owner + "/" + name, "/" + owner + "/" + name, id, flash);
    }

    @GET
    @Path("bounties/{bounty: \\d+}/discussions/{id: \\d+}")
    public Response bountyThread(@PathParam("bounty") long bounty, @PathParam("id") long id, @CookieParam(Flash.COOKIE) String flash) {
        return thread("bounty " + bounty, "/bounties/" + bounty, id, flash);
    }

    @POST
    @Path("discussions/{id: \\d+}/comments")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response comment(@PathParam("id") long id, @RestForm String body, @RestForm String back) {
        String page = safeBack(back);
        try {
            JsonNode c = hub.call(viewer, "POST", "/api/v1/discussions/" + id + "/comments", Map.of("body", body == null ? "" : body));
            return Response.seeOther(URI.create(page + "#comment-" + c.path("id").asLong())).build();
        } catch (ProblemException e) {
            return Flash.redirectTo(page, HubJson.detail(e));
        }
    }

    @POST
    @Path("discussions/{id: \\d+}/comments/{comment: \\d+}/edit")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response edit(@PathParam("id") long id, @PathParam("comment") long comment, @RestForm String body,
                         @RestForm String back) {
        String page = safeBack(back);
        try {
            hub.call(viewer, "PATCH", "/api/v1/discussions/" + id + "/comments/" + comment, Map.of("body", body == null ? "" : body));
            return Response.seeOther(URI.create(page + "#comment-" + comment)).build();
        } catch (ProblemException e) {
            return Flash.redirectTo(page, HubJson.detail(e));
        }
    }

    @POST
    @Path("discussions/{id: \\d+}/{action}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response moderate(@PathParam("id") long id, @PathParam("action") String action, @RestForm String back) {
        String page = safeBack(back);
        if (!ACTIONS.contains(action)) {
            throw new jakarta.ws.rs.NotFoundException();
        }
        try {
            hub.call(viewer, "POST", "/api/v1/discussions/" + id + "/" + action, null);
        } catch (ProblemException e) {
            return Flash.redirectTo(page, HubJson.detail(e));
        }
        return Flash.redirectTo(page, switch (action) {
            case "close" -> "Discussion closed.";
            case "reopen" -> "Discussion reopened.";
            case "pin" -> "Discussion pinned.";
            default -> "Discussion unpinned.";
        });
    }

    private Response list(String what, String base, String api, String state, String flashCookie) {
        String flash = Flash.read(flashCookie);
        String s = state == null || state.isBlank() ? "open" : state;
        try {
            List<Discussion> threads = json.convertValue(hub.get(viewer, api + "/discussions?state=" + s), LIST);
            TemplateInstance page = Templates.discussions(viewer, what, base, base + "/discussions", threads, s, flash);
            return Flash.clearOn(Response.ok(page), flash, base + "/discussions").build();
        } catch (ProblemException e) {
            throw HubJson.or404(e);
        }
    }

    private Response open(String base, String api, String title, String body) {
        try {
            Map<String, String> form = new java.util.HashMap<>();
            form.put("title", title == null ? "" : title);
            form.put("body", body == null ? "" : body);
            long id = hub.call(viewer, "POST", api + "/discussions", form).path("discussion").path("id").asLong();
            return Response.seeOther(URI.create(base + "/discussions/" + id)).build();
        } catch (ProblemException e) {
            if (e.status() == 404) {
                throw HubJson.or404(e);
            }
            return Flash.redirectTo(base + "/discussions", "Not opened: " + HubJson.detail(e));
        }
    }

    private Response thread(String what, String base, long id, String flashCookie) {
        String flash = Flash.read(flashCookie);
        try {
            Thread t = json.convertValue(hub.get(viewer, "/api/v1/discussions/" + id), Thread.class);
            List<Shown> shown = t.comments().stream().map(c -> new Shown(c, c.body() == null ? ""
                    : markdown.render(new Readme("text/markdown", c.body())))).toList();
            TemplateInstance page = Templates.thread(viewer, what, base, base + "/discussions/" + id, t.discussion(), shown, flash);
            return Flash.clearOn(Response.ok(page), flash, base + "/discussions/" + id).build();
        } catch (ProblemException e) {
            throw HubJson.or404(e);
        }
    }

    /** The page to go back to: a local path of a discussion, nothing else (no open redirect). */
    static String safeBack(String back) {
        if (back != null && back.matches("/[A-Za-z0-9._/-]{1,300}") && !back.startsWith("//") && back.contains("/discussions/")) {
            return back;
        }
        return "/";
    }
}
