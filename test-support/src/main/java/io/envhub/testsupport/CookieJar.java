package io.envhub.testsupport;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A minimal browser cookie jar. Unlike {@link java.net.CookieManager} it treats loopback HTTP as a secure context,
 * as browsers do, so Keycloak's {@code Secure; SameSite=None} cookies come back on http://127.0.0.1.
 */
final class CookieJar {
    private record Key(String host, String path, String name) {
    }

    private final Map<Key, String> cookies = new LinkedHashMap<>();

    /** A jar holding the same cookies now (later changes to either are not shared). */
    CookieJar copy() {
        CookieJar copy = new CookieJar();
        copy.cookies.putAll(cookies);
        return copy;
    }

    /** Remembers (or forgets) the cookies a response sets. */
    void store(URI uri, HttpHeaders headers) {
        for (String header : headers.allValues("Set-Cookie")) {
            String[] parts = header.split(";");
            int eq = parts[0].indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String name = parts[0].substring(0, eq).trim();
            String value = parts[0].substring(eq + 1).trim();
            String path = "/";
            boolean expired = false;
            for (int i = 1; i < parts.length; i++) {
                String attr = parts[i].trim();
                String lower = attr.toLowerCase(Locale.ROOT);
                if (lower.startsWith("path=")) {
                    path = attr.substring(5);
                } else if (lower.startsWith("max-age=")) {
                    expired = attr.substring(8).trim().startsWith("-") || "0".equals(attr.substring(8).trim());
                } else if (lower.startsWith("expires=") && attr.contains("1970")) {
                    expired = true;
                }
            }
            Key key = new Key(uri.getHost(), path, name);
            if (expired || value.isEmpty()) {
                cookies.remove(key);
            } else {
                cookies.put(key, value);
            }
        }
    }

    /** The Cookie header for a request to {@code uri}, if any cookie applies. */
    Optional<String> header(URI uri) {
        String path = uri.getPath() == null || uri.getPath().isEmpty() ? "/" : uri.getPath();
        String value = cookies.entrySet().stream()
                .filter(e -> e.getKey().host().equals(uri.getHost()) && pathMatches(e.getKey().path(), path))
                .map(e -> e.getKey().name() + "=" + e.getValue())
                .collect(Collectors.joining("; "));
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private static boolean pathMatches(String cookiePath, String requestPath) {
        if (requestPath.startsWith(cookiePath)) {
            return true;
        }
        return cookiePath.endsWith("/") && requestPath.equals(cookiePath.substring(0, cookiePath.length() - 1));
    }
}
