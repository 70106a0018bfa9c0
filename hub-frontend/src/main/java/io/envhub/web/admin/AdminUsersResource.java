package io.envhub.web.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.account.Viewer;
import io.envhub.web.error.Problems;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateData;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** {@code /admin/users}: find a user by name; suspend or unsuspend them; grant or remove {@code sponsor}. Admins only. */
@Path("/admin")
@Produces(MediaType.TEXT_HTML)
public class AdminUsersResource {
    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,99}");

    private final Viewer viewer;
    private final AdminGate gate;
    private final AdminClient admin;

    public AdminUsersResource(Viewer viewer, AdminGate gate, AdminClient admin) {
        this.viewer = viewer;
        this.gate = gate;
        this.admin = admin;
    }

    /** A user as the console shows them. */
    @TemplateData
    public record User(String username, boolean suspended, String suspendReason, List<String> roles, String back) {
        public boolean sponsor() {
            return roles.contains("sponsor");
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance users(Viewer viewer, String q, User user, String problem, Notice.Shown notice);
    }

    /** Under {@code /admin} like the forms of {@link AdminActionsResource}: a root at /admin/users would hide them. */
    @GET
    @Path("/users")
    public Response users(@QueryParam("q") String q, @CookieParam(Notice.COOKIE) String noticeCookie) {
        String bearer = gate.bearer();
        String name = q == null ? "" : q.strip();
        User user = null;
        String problem = null;
        if (!name.isEmpty()) {
            if (!USERNAME.matcher(name).matches()) {
                problem = "That is not a user name.";
            } else {
                try {
                    user = user(admin.user(bearer, name), name);
                } catch (WebApplicationException e) {
                    int status = Problems.status(e);
                    String detail = Problems.detail(e);
                    problem = status == 404 ? "No user named " + name + "." : detail != null ? detail
                            : "The hub answered " + status + ".";
                }
            }
        }
        Notice.Shown notice = Notice.read(noticeCookie);
        return Notice.clearOn(Response.ok(Templates.users(viewer, name, user, problem, notice)),
                AdminQueueResource.SCOPE, notice).build();
    }

    static User user(JsonNode n, String asked) {
        List<String> roles = new ArrayList<>();
        n.path("roles").forEach(r -> roles.add(r.asText()));
        String username = QueueItem.text(n, "username");
        username = username.isEmpty() ? asked : username;
        boolean suspended = n.path("suspended").asBoolean(false) || n.hasNonNull("suspendedAt");
        return new User(username, suspended, QueueItem.text(n, "suspendReason", "suspensionReason", "reason"), roles,
                "/admin/users?q=" + URLEncoder.encode(username, StandardCharsets.UTF_8));
    }
}
