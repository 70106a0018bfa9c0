package io.envhub.web.settings;

import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The one-line message shown on the page a successful form post redirects to (post-redirect-get): carried by a
 * short-lived cookie scoped to {@code /settings}, read once and cleared by the page that shows it. The text is
 * escaped when rendered like any other value.
 */
public final class Flash {
    /** Name of the cookie. */
    public static final String COOKIE = "envhub-flash";
    private static final int MAX_AGE_SECONDS = 60;
    private static final int MAX_LENGTH = 300;

    private Flash() {
    }

    /** A 303 to {@code location} that carries {@code message} to the next page. */
    public static Response redirect(String location, String message) {
        String text = message.length() > MAX_LENGTH ? message.substring(0, MAX_LENGTH) : message;
        return Response.seeOther(URI.create(location)).cookie(cookie(URLEncoder.encode(text, StandardCharsets.UTF_8),
                MAX_AGE_SECONDS)).build();
    }

    /**
     * A 303 to a page outside {@code /settings} that carries {@code message} to it: the cookie is scoped to that page's
     * path (clear it there with {@link #clearOn(Response.ResponseBuilder, String, String)}).
     */
    public static Response redirectTo(String location, String message) {
        String text = message.length() > MAX_LENGTH ? message.substring(0, MAX_LENGTH) : message;
        return Response.seeOther(URI.create(location)).cookie(cookie(URLEncoder.encode(text, StandardCharsets.UTF_8),
                MAX_AGE_SECONDS, pathOf(location))).build();
    }

    /** Adds the clearing cookie of a page outside {@code /settings} (its path) when a message was shown. */
    public static Response.ResponseBuilder clearOn(Response.ResponseBuilder page, String shown, String path) {
        return shown == null ? page : page.cookie(cookie("", 0, pathOf(path)));
    }

    private static String pathOf(String location) {
        int end = location.length();
        for (char c : new char[] {'?', '#'}) {
            int i = location.indexOf(c);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return location.substring(0, end);
    }

    /** The message carried by the cookie, or null. */
    public static String read(String cookieValue) {
        if (cookieValue == null || cookieValue.isBlank()) {
            return null;
        }
        try {
            String text = URLDecoder.decode(cookieValue, StandardCharsets.UTF_8);
            return text.length() > MAX_LENGTH ? text.substring(0, MAX_LENGTH) : text;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Adds the clearing cookie to a page's response when a message was shown. */
    public static Response.ResponseBuilder clearOn(Response.ResponseBuilder page, String shown) {
        return shown == null ? page : page.cookie(cookie("", 0));
    }

    private static NewCookie cookie(String value, int maxAge) {
        return cookie(value, maxAge, "/settings");
    }

    private static NewCookie cookie(String value, int maxAge, String path) {
        return new NewCookie.Builder(COOKIE).value(value).path(path).maxAge(maxAge).httpOnly(true)
                .sameSite(NewCookie.SameSite.LAX).build();
    }
}
