package io.envhub.web.view;

import java.net.URI;
import java.net.URISyntaxException;

/** Where sign-in may send a browser back to: a path on this site only, never another host (no open redirect). */
public final class ReturnPath {
    /** Longest return path kept. */
    static final int MAX = 2000;

    private ReturnPath() {
    }

    /**
     * Whether {@code target} is a path on this site: starts with one {@code /}, no scheme, host, backslash or control
     * character ({@code //evil.example}, {@code /\evil.example}, {@code https://evil.example} are not).
     */
    public static boolean isLocal(String target) {
        if (target == null || target.isEmpty() || target.length() > MAX || target.charAt(0) != '/') {
            return false;
        }
        if (target.startsWith("//") || target.indexOf('\\') >= 0) {
            return false;
        }
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                return false;
            }
        }
        try {
            URI uri = new URI(target);
            return uri.getScheme() == null && uri.getRawAuthority() == null && uri.getRawPath() != null
                    && uri.getRawPath().startsWith("/") && !uri.getRawPath().startsWith("//");
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
