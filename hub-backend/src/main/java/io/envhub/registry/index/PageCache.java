package io.envhub.registry.index;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Supplier;

/**
 * Rendered index pages of public projects, in memory, least recently used evicted past {@link #MAX_ENTRIES}. An entry
 * is used only while its stamp is the project's current stamp (read per request with the lookup, see
 * {@link ProjectLookup}), so a change made through any instance invalidates every instance's copy at its next request.
 * Private projects are never cached here: they are rendered per request, after the caller's access check.
 */
@ApplicationScoped
public class PageCache {
    /** Most projects kept (a page is a few KB: tens of MB at most). */
    static final int MAX_ENTRIES = 10_000;

    private final StampedCache<RenderedProject> pages = new StampedCache<>(MAX_ENTRIES);

    /** The cached page of environment {@code id} for {@code stamp} and owner spelling, else a fresh one (then kept). */
    public RenderedProject get(long id, long stamp, String owner, Supplier<RenderedProject> render) {
        return pages.get(id, stamp).filter(page -> page.owner().equals(owner)).orElseGet(() -> {
            RenderedProject fresh = render.get();
            pages.put(id, fresh.stamp(), fresh);
            return fresh;
        });
    }

    /** How many pages are kept. */
    int size() {
        return pages.size();
    }
}
