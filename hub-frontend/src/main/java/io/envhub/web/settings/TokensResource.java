package io.envhub.web.settings;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.HubSettingsApi;
import io.envhub.web.hub.HubSettingsApi.CreatedToken;
import io.envhub.web.hub.HubSettingsApi.Token;
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
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestForm;

/** {@code /settings/tokens}: the user's personal access tokens; create one (secret shown once), revoke. */
@Path("/settings/tokens")
@Produces(MediaType.TEXT_HTML)
public class TokensResource {
    private static final String PAGE = "/settings/tokens";

    private final Viewer viewer;
    private final HubSettingsApi hub;

    public TokensResource(Viewer viewer, @RestClient HubSettingsApi hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    /** A token in the list, with its state worked out for display. */
    public record Row(Token token, String state) {
        static Row of(Token t, OffsetDateTime now) {
            String state = t.revokedAt() != null ? "revoked"
                    : t.expiresAt() != null && !t.expiresAt().isAfter(now) ? "expired" : "active";
            return new Row(t, state);
        }

        /** Whether it can still be revoked. */
        public boolean active() {
            return "active".equals(state);
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance tokens(Viewer viewer, List<Row> tokens, TokenForm form, List<String> expiries,
                                              String flash);

        static native TemplateInstance created(Viewer viewer, CreatedToken token);
    }

    @GET
    public Response list(@CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        return Flash.clearOn(page(Response.ok(), TokenForm.blank(), flash), flash).build();
    }

    /** Creates a token; the answer is the only page that shows its secret (not cached, not redirected to). */
    @POST
    public Response create(@RestForm String name, @RestForm List<String> scopes, @RestForm String expiry) {
        TokenForm form = TokenForm.posted(name, scopes, expiry);
        if (!form.valid()) {
            return page(Response.status(400), form, null).build();
        }
        CreatedToken created;
        try {
            created = ApiProblem.call(() -> hub.createToken(viewer.bearer(), form.request()));
        } catch (ApiProblem.Refused e) {
            if (!e.problem().invalid() && !e.problem().forbidden()) {
                return SettingsPages.problem(viewer, e.problem(), "tokens");
            }
            return page(Response.status(e.problem().status()), form.apiRefused(e.problem()), null).build();
        }
        return Response.ok(Templates.created(viewer, created)).header("Cache-Control", "no-store").build();
    }

    @POST
    @Path("/{id}/revoke")
    public Response revoke(@PathParam("id") long id) {
        try {
            ApiProblem.run(() -> hub.revokeToken(viewer.bearer(), id));
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), "this token");
        }
        return Flash.redirect(PAGE, "Token revoked: it no longer works.");
    }

    private Response.ResponseBuilder page(Response.ResponseBuilder status, TokenForm form, String flash) {
        List<Token> tokens;
        try {
            tokens = ApiProblem.call(() -> hub.tokens(viewer.bearer()));
        } catch (ApiProblem.Refused e) {
            return Response.fromResponse(SettingsPages.problem(viewer, e.problem(), "tokens"));
        }
        OffsetDateTime now = OffsetDateTime.now();
        List<Row> rows = tokens.stream().map(t -> Row.of(t, now)).toList();
        return status.type(MediaType.TEXT_HTML_TYPE)
                .entity(Templates.tokens(viewer, rows, form, TokenForm.EXPIRIES, flash));
    }
}
