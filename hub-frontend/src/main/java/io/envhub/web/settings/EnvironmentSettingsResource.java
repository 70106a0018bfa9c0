package io.envhub.web.settings;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.SettingsClient;
import io.envhub.web.hub.SettingsClient.Environment;
import io.envhub.web.hub.SettingsClient.Version;
import io.envhub.web.hub.SettingsClient.YankRequest;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /settings/environments/{owner}/{name}}: an environment's settings (summary, visibility, tags) and its
 * versions (yank with a reason, unyank, delete). Only those the hub lets manage it get the page: the hub answers 403
 * (a page saying so) or 404 (private or unknown).
 */
@Path("/settings/environments/{owner}/{name}")
@Produces(MediaType.TEXT_HTML)
public class EnvironmentSettingsResource {
    /** Longest yank reason the hub accepts. */
    static final int MAX_REASON = 500;

    private final Viewer viewer;
    private final SettingsClient hub;

    public EnvironmentSettingsResource(Viewer viewer, SettingsClient hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance settings(Viewer viewer, Environment env, List<Version> versions, EnvironmentForm form,
                                                Map<String, String> versionErrors, String flash);
    }

    /**
     * The settings page. The environment is read with an empty PATCH: it changes nothing and answers exactly as a
     * change would (the settings, 403 when the user may not manage it, 404 when they cannot see it).
     */
    @GET
    public Response page(@PathParam("owner") String owner, @PathParam("name") String name,
                         @CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        try {
            Environment env = manageable(owner, name);
            return Flash.clearOn(render(Response.ok(), env, EnvironmentForm.of(env), Map.of(), flash), flash).build();
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), owner + "/" + name);
        }
    }

    @POST
    public Response save(@PathParam("owner") String owner, @PathParam("name") String name, @RestForm String summary,
                         @RestForm String visibility, @RestForm String tags) {
        EnvironmentForm form = EnvironmentForm.posted(summary, visibility, tags);
        try {
            Environment env = manageable(owner, name);
            if (!form.valid()) {
                return render(Response.status(400), env, form, Map.of(), null).build();
            }
            try {
                ApiProblem.call(() -> hub.updateEnvironment(viewer.bearer(), owner, name, form.patch()));
            } catch (ApiProblem.Refused e) {
                if (!e.problem().invalid()) {
                    throw e;
                }
                return render(Response.status(400), env, form.apiRefused(e.problem()), Map.of(), null).build();
            }
            return Flash.redirect(page(owner, name), "Settings saved.");
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), owner + "/" + name);
        }
    }

    @POST
    @Path("/versions/{version}/yank")
    public Response yank(@PathParam("owner") String owner, @PathParam("name") String name,
                         @PathParam("version") String version, @RestForm String reason) {
        String why = reason == null ? "" : reason.strip();
        String error = why.isEmpty() ? "Say why the version is yanked; users see the reason."
                : why.length() > MAX_REASON ? "The reason may have at most " + MAX_REASON + " characters." : null;
        return versionChange(owner, name, version, "yank", error,
                () -> hub.yank(viewer.bearer(), owner, name, version, new YankRequest(why)),
                "Version " + version + " yanked: pip skips it unless it is pinned.");
    }

    @POST
    @Path("/versions/{version}/unyank")
    public Response unyank(@PathParam("owner") String owner, @PathParam("name") String name,
                           @PathParam("version") String version) {
        return versionChange(owner, name, version, "unyank", null,
                () -> hub.unyank(viewer.bearer(), owner, name, version), "Version " + version + " is installable again.");
    }

    @POST
    @Path("/versions/{version}/delete")
    public Response delete(@PathParam("owner") String owner, @PathParam("name") String name,
                           @PathParam("version") String version, @RestForm String confirm) {
        String error = version.equals(confirm == null ? "" : confirm.strip()) ? null
                : "Type the version number (" + version + ") to confirm; a deleted version number can never be used again.";
        return versionChange(owner, name, version, "delete", error,
                () -> hub.deleteVersion(viewer.bearer(), owner, name, version), "Version " + version + " deleted.");
    }

    private Response versionChange(String owner, String name, String version, String action, String formError,
                                   Runnable change, String done) {
        try {
            Environment env = manageable(owner, name);
            if (formError != null) {
                return render(Response.status(400), env, EnvironmentForm.of(env), Map.of(action + ":" + version, formError),
                        null).build();
            }
            try {
                ApiProblem.run(change);
            } catch (ApiProblem.Refused e) {
                if (!e.problem().invalid() && e.problem().status() != 409) {
                    throw e;
                }
                return render(Response.status(e.problem().status()), env, EnvironmentForm.of(env),
                        Map.of(action + ":" + version, e.problem().detail()), null).build();
            }
            return Flash.redirect(page(owner, name), done);
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), owner + "/" + name);
        }
    }

    private Environment manageable(String owner, String name) {
        return ApiProblem.call(() -> hub.updateEnvironment(viewer.bearer(), owner, name,
                new SettingsClient.SettingsPatch(null, null, null)));
    }

    private Response.ResponseBuilder render(Response.ResponseBuilder status, Environment env, EnvironmentForm form,
                                            Map<String, String> versionErrors, String flash) {
        List<Version> versions = ApiProblem.call(() -> hub.versions(viewer.bearer(), env.owner(), env.name()));
        return status.type(MediaType.TEXT_HTML_TYPE).entity(Templates.settings(viewer, env, versions, form, versionErrors, flash));
    }

    private static String page(String owner, String name) {
        return UriBuilder.fromPath("/settings/environments/{owner}/{name}").build(owner, name).toString();
    }
}
