package io.envhub.web.gate;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.http.ProblemException;
import io.envhub.web.account.Viewer;
import io.envhub.web.view.Names;
import io.envhub.web.view.ReadmeRenderer;
import io.envhub.web.gate.GateViews.Gate;
import io.envhub.web.gate.GateViews.Request;
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
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /{owner}/{name}/access}: a gated environment's terms and the viewer's access (request it by accepting them);
 * for those who manage it, the gate's settings (auto, manual, off; the terms) and the requests to grant or reject.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class AccessResource {
    private static final TypeReference<List<Request>> REQUESTS = new TypeReference<>() {
    };

    private final Viewer viewer;
    private final HubJson hub;
    private final ObjectMapper json;
    private final ReadmeRenderer markdown;

    public AccessResource(Viewer viewer, HubJson hub, ObjectMapper json, ReadmeRenderer markdown) {
        this.viewer = viewer;
        this.hub = hub;
        this.json = json;
        this.markdown = markdown;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance access(Viewer viewer, String owner, String name, Gate gate, String terms,
                                              List<Request> requests, String flash);
    }

    @GET
    @Path(Names.ENVIRONMENT + "/access")
    public Response page(@PathParam("owner") String owner, @PathParam("name") String name,
                         @CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        try {
            Gate gate = json.convertValue(hub.get(viewer, api(owner, name) + "/gate"), Gate.class);
            List<Request> requests = gate.manages()
                    ? json.convertValue(hub.get(viewer, api(owner, name) + "/access-requests"), REQUESTS) : List.of();
            String terms = markdown.render(new Readme("text/markdown", gate.terms()));
            return Flash.clearOn(Response.ok(Templates.access(viewer, owner, name, gate, terms, requests, flash)), flash,
                    "/" + owner + "/" + name + "/access").build();
        } catch (ProblemException e) {
            throw HubJson.or404(e);
        }
    }

    @POST
    @Path(Names.ENVIRONMENT + "/access/request")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response request(@PathParam("owner") String owner, @PathParam("name") String name, @RestForm String accept,
                            @RestForm String message) {
        Map<String, Object> body = new HashMap<>();
        body.put("acceptTerms", "on".equals(accept) || "true".equals(accept));
        body.put("message", message);
        return act(owner, name, "POST", "/access-requests", body, "Your request is recorded.");
    }

    @POST
    @Path(Names.ENVIRONMENT + "/access/settings")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response settings(@PathParam("owner") String owner, @PathParam("name") String name, @RestForm String gated,
                             @RestForm String terms) {
        Map<String, Object> body = new HashMap<>();
        body.put("gated", "auto".equals(gated) || "manual".equals(gated) ? gated : null);
        body.put("gateTerms", terms == null ? "" : terms);
        return act(owner, name, "PATCH", "", body, "Gate settings saved.");
    }

    @POST
    @Path(Names.ENVIRONMENT + "/access/{id}/decision")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response decide(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id,
                           @RestForm String decision, @RestForm String note) {
        Map<String, Object> body = new HashMap<>();
        body.put("decision", decision);
        body.put("note", note);
        return act(owner, name, "POST", "/access-requests/" + id + "/decision", body,
                "grant".equals(decision) ? "Access granted." : "Request rejected.");
    }

    private Response act(String owner, String name, String method, String path, Object body, String done) {
        String page = "/" + owner + "/" + name + "/access";
        try {
            hub.call(viewer, method, api(owner, name) + path, body);
        } catch (ProblemException e) {
            if (e.status() == 404) {
                throw HubJson.or404(e);
            }
            return Flash.redirectTo(page, HubJson.detail(e));
        }
        return Flash.redirectTo(page, done);
    }

    private static String api(String owner, String name) {
        return "/api/v1/environments/" + owner + "/" + name;
    }
}
