package io.envhub.web.settings;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.SettingsClient;
import io.envhub.web.hub.SettingsClient.CreatedToken;
import io.envhub.web.hub.SettingsClient.Token;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.OffsetDateTime;
import java.util.List;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /settings/tokens}: the user's personal access tokens. Creating one is post/redirect/get: the secret waits in
 * {@link CreatedSecrets} and is shown by one page view only (a reload shows it no more and creates nothing). Revoking
 * asks first: the list links to a confirmation page whose form does it.
 */
@Path("/settings/tokens")
@Produces(MediaType.TEXT_HTML)
public class TokensResource {
    private static final String PAGE = "/settings/tokens";

    private static final String CREATED = PAGE + "/created";
    /** Cookie holding the key of a new token's secret in {@link CreatedSecrets} (never the secret itself). */
    static final String SECRET_COOKIE = "envhub-new-token";
    /** Value of the confirmation form's {@code confirm} field. */
    static final String CONFIRMED = "revoke";

    private final Viewer viewer;
    private final SettingsClient hub;
    private final CreatedSecrets secrets;

    public TokensResource(Viewer viewer, SettingsClient hub, CreatedSecrets secrets) {
        this.viewer = viewer;
        this.hub = hub;
        this.secrets = secrets;
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

        static native TemplateInstance revoke(Viewer viewer, Token token);
    }

    @GET
    public Response list(@CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        return Flash.clearOn(page(Response.ok(), TokenForm.blank(), flash), flash).build();
    }

    /** Creates a token and redirects to the page that shows its secret once. */
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
        String key = secrets.put(viewer.username(), created);
        return Response.seeOther(URI.create(CREATED)).cookie(secretCookie(key, (int) CreatedSecrets.TTL.toSeconds())).build();
    }

    /** The new token's secret, shown by this one view; afterwards (a reload) the list says it was shown already. */
    @GET
    @Path("/created")
    public Response created(@CookieParam(SECRET_COOKIE) String key) {
        return secrets.take(key, viewer.username())
                .map(token -> Response.ok(Templates.created(viewer, token)).type(MediaType.TEXT_HTML_TYPE)
                        .header("Cache-Control", "no-store").cookie(secretCookie("", 0)).build())
                .orElseGet(() -> Flash.redirect(PAGE, "A new token's secret is shown only once. If you did not copy it, "
                        + "revoke that token and create another."));
    }

    /** Asks before revoking: the token's name and a form that revokes it. */
    @GET
    @Path("/{id}/revoke")
    public Response confirmRevoke(@PathParam("id") long id) {
        List<Token> tokens;
        try {
            tokens = ApiProblem.call(() -> hub.tokens(viewer.bearer()));
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), "tokens");
        }
        OffsetDateTime now = OffsetDateTime.now();
        return tokens.stream().filter(t -> t.id() == id && Row.of(t, now).active()).findFirst()
                .map(t -> Response.ok(Templates.revoke(viewer, t)).type(MediaType.TEXT_HTML_TYPE).build())
                .orElseGet(() -> Flash.redirect(PAGE, "That token does not exist or no longer works."));
    }

    /** Revokes a token, when posted from the confirmation page; any other post is sent there first. */
    @POST
    @Path("/{id}/revoke")
    public Response revoke(@PathParam("id") long id, @RestForm String confirm) {
        if (!CONFIRMED.equals(confirm)) {
            return Response.seeOther(URI.create(PAGE + "/" + id + "/revoke")).build();
        }
        try {
            ApiProblem.run(() -> hub.revokeToken(viewer.bearer(), id));
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), "this token");
        }
        return Flash.redirect(PAGE, "Token revoked: it no longer works.");
    }

    private static NewCookie secretCookie(String value, int maxAge) {
        return new NewCookie.Builder(SECRET_COOKIE).value(value).path(PAGE).maxAge(maxAge).httpOnly(true)
                .sameSite(NewCookie.SameSite.STRICT).build();
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
