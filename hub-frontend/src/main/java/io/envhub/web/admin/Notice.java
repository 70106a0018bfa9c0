package io.envhub.web.admin;

import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The one-line result of a console or report action, carried across its post-redirect-get in a short-lived cookie
 * scoped to the pages that show it ({@code /admin} or {@code /me}). A refusal starts with {@code !} and is shown as
 * an error.
 */
public final class Notice {
    /** Name of the cookie. */
    public static final String COOKIE = "envhub-notice";
    private static final int MAX_AGE_SECONDS = 60;
    private static final int MAX_LENGTH = 400;

    /** What a page shows: the text, and whether it is an error. */
    public record Shown(String text, boolean error) {
    }

    private Notice() {
    }

    /** A 303 to {@code location} (a path under {@code scope}) carrying {@code message}. */
    public static Response redirect(String scope, String location, String message, boolean error) {
        String text = (error ? "!" : "") + message;
        text = text.length() > MAX_LENGTH ? text.substring(0, MAX_LENGTH) : text;
        return Response.seeOther(URI.create(location))
                .cookie(cookie(scope, URLEncoder.encode(text, StandardCharsets.UTF_8), MAX_AGE_SECONDS)).build();
    }

    /** The notice a cookie carries, or null. */
    public static Shown read(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            String text = URLDecoder.decode(value, StandardCharsets.UTF_8);
            boolean error = text.startsWith("!");
            return new Shown(error ? text.substring(1) : text, error);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Adds the clearing cookie once a notice has been shown. */
    public static Response.ResponseBuilder clearOn(Response.ResponseBuilder page, String scope, Shown shown) {
        return shown == null ? page : page.cookie(cookie(scope, "", 0));
    }

    /** {@code back} if it is a path inside {@code scope} (never another site), else {@code scope}. */
    public static String safeBack(String scope, String back) {
        if (back == null || !back.startsWith(scope) || back.startsWith("//") || back.contains("\\")
                || back.chars().anyMatch(c -> c < 0x20)) {
            return scope;
        }
        return back;
    }

    private static NewCookie cookie(String scope, String value, int maxAge) {
        return new NewCookie.Builder(COOKIE).value(value).path(scope).maxAge(maxAge).httpOnly(true)
                .sameSite(NewCookie.SameSite.LAX).build();
    }
}
