package io.envhub.web.publishing;

import io.envhub.contract.api.TrustedPublisher;
import io.envhub.contract.http.ProblemException;
import io.envhub.web.account.Viewer;
import io.envhub.web.settings.Flash;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.List;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /settings/environments/{owner}/{name}/publishing}: the environment's trusted publishers (CI identities that
 * may publish it without a stored token): the list, a form to add one (issuer, audience, required claims) and a
 * remove button for each. Post/redirect/get with a flash message; a refused form is shown again with the hub's reason.
 */
@Path("/settings/environments/{owner}/{name}/publishing")
public class TrustedPublishersResource {
    private final Viewer viewer;
    private final PublishingClient hub;

    public TrustedPublishersResource(Viewer viewer, PublishingClient hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    /** The add form as typed, and its error. */
    public record Form(String issuer, String audience, String claims, String error) {
        static Form blank(PublishingClient.Info info) {
            return new Form(info.issuers().isEmpty() ? "" : info.issuers().get(0), "",
                    "repository=OWNER/REPO\nref=refs/heads/main", null);
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance publishing(Viewer viewer, String owner, String name, List<TrustedPublisher> publishers,
                                                  PublishingClient.Info info, Form form, String flash);
    }

    @GET
    public Response page(@PathParam("owner") String owner, @PathParam("name") String name,
                         @CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        return call(() -> {
            PublishingClient.Info info = hub.info();
            return Flash.clearOn(render(Response.ok(), owner, name, info, Form.blank(info), flash), flash).build();
        });
    }

    @POST
    public Response add(@PathParam("owner") String owner, @PathParam("name") String name, @RestForm String issuer,
                        @RestForm String audience, @RestForm String claims) {
        return call(() -> {
            PublishingClient.Info info = hub.info();
            try {
                hub.add(viewer.bearer(), owner, name, new TrustedPublisher.Registration(issuer, audience,
                        PublishingClient.claims(claims)));
            } catch (IllegalArgumentException e) {
                return render(Response.status(400), owner, name, info, new Form(issuer, audience, claims, e.getMessage()), null)
                        .build();
            } catch (ProblemException e) {
                if (e.status() != 400 && e.status() != 409) {
                    throw e;
                }
                String why = e.problem() == null ? "The hub refused it." : e.problem().detail();
                return render(Response.status(e.status()), owner, name, info, new Form(issuer, audience, claims, why), null)
                        .build();
            }
            return Flash.redirect(page(owner, name), "Trusted publisher added: CI jobs matching it can now publish " + owner + "/"
                    + name + ".");
        });
    }

    @POST
    @Path("{id}/remove")
    public Response remove(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id) {
        return call(() -> {
            hub.remove(viewer.bearer(), owner, name, id);
            return Flash.redirect(page(owner, name), "Trusted publisher removed.");
        });
    }

    private Response.ResponseBuilder render(Response.ResponseBuilder status, String owner, String name,
                                            PublishingClient.Info info, Form form, String flash)
            throws IOException, InterruptedException {
        List<TrustedPublisher> publishers = hub.list(viewer.bearer(), owner, name);
        return status.type(MediaType.TEXT_HTML_TYPE)
                .entity(Templates.publishing(viewer, owner, name, publishers, info, form, flash));
    }

    private static String page(String owner, String name) {
        return "/settings/environments/" + owner + "/" + name + "/publishing";
    }

    private interface Call {
        Response run() throws IOException, InterruptedException;
    }

    /** The hub's refusals become the usual error pages (404, 403, ...); an unreachable hub the "unavailable" page. */
    private static Response call(Call call) {
        try {
            return call.run();
        } catch (ProblemException e) {
            throw new WebApplicationException(e.problem() != null ? e.problem().detail() : "refused", e.status());
        } catch (IOException e) {
            throw new ProcessingException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProcessingException(e);
        }
    }
}
