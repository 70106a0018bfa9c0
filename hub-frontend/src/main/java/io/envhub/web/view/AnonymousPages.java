package io.envhub.web.view;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.envhub.web.WebConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Public pages as anonymous visitors see them, rendered once and served again for a short time (a second by default,
 * {@link WebConfig.PageCache#ttl()}): a burst of visitors to the board, a search or an environment page costs one
 * render and one round of API calls instead of one per visitor, like a micro-cache in front of the site.
 *
 * <p>Only anonymous requests are served from here, keyed by path and query string: their pages hold nothing personal
 * and no CSRF token (forms that need one are shown to signed-in users only). Signed-in users always get a fresh page.
 * Only 200 answers are kept; an error (an exception or another status) is answered as usual and not kept. Concurrent
 * anonymous requests for a page that is not cached wait for one render rather than each rendering it.
 */
@ApplicationScoped
public class AnonymousPages {
    private final Cache<String, String> pages;

    @Inject
    public AnonymousPages(WebConfig config) {
        this(config.pageCache().ttl(), config.pageCache().maxEntries());
    }

    /** A cache keeping pages for {@code ttl} (zero: none), at most {@code maxEntries} of them. */
    public AnonymousPages(Duration ttl, int maxEntries) {
        this.pages = ttl.isZero() || ttl.isNegative() ? null
                : Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(maxEntries).build();
    }

    /**
     * The page at {@code uri} (the request's URI): for an anonymous visitor the cached one while it is fresh, else {@code render}'s answer
     * (kept when it is a 200 with a body); for a signed-in visitor always {@code render}'s answer.
     */
    public Response page(boolean anonymous, URI uri, Supplier<Response> render) {
        if (!anonymous || pages == null) {
            return render.get();
        }
        String key = uri.getRawPath() + "?" + nullToEmpty(uri.getRawQuery());
        Response[] uncached = new Response[1];
        String html = pages.get(key, k -> {
            Response answer = render.get();
            if (answer.getStatus() == Response.Status.OK.getStatusCode() && answer.getEntity() instanceof String body) {
                return body;
            }
            uncached[0] = answer;
            return null;   // not kept
        });
        return html != null ? Response.ok(html, MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).build() : uncached[0];
    }

    /** How many pages are kept now. */
    public long size() {
        if (pages == null) {
            return 0;
        }
        pages.cleanUp();
        return pages.estimatedSize();
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
