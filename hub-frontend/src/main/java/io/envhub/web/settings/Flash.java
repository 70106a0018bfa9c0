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
        return new NewCookie.Builder(COOKIE).value(value).path("/settings").maxAge(maxAge).httpOnly(true)
                .sameSite(NewCookie.SameSite.LAX).build();
    }
}
