package io.envhub.web.browse;

import io.envhub.contract.api.SearchPage;

/**
 * Pagination of a search result.
 *
 * @param page current page (1-based)
 * @param last last page (at least 1)
 * @param from number of the first item shown (0 when none)
 * @param to number of the last item shown
 */
public record Pages(int page, int last, long from, long to) {
    /** The pages of a result. */
    public static Pages of(SearchPage r) {
        int size = Math.max(1, r.size());
        int last = (int) Math.max(1, (r.total() + size - 1) / size);
        long from = r.items().isEmpty() ? 0 : (long) (r.page() - 1) * size + 1;
        return new Pages(r.page(), last, from, from == 0 ? 0 : from + r.items().size() - 1);
    }

    /** Whether there is a previous page. */
    public boolean hasPrevious() {
        return page > 1;
    }

    /** Whether there is a next page. */
    public boolean hasNext() {
        return page < last;
    }

    /** The previous page's number. */
    public int previous() {
        return page - 1;
    }

    /** The next page's number. */
    public int next() {
        return page + 1;
    }
}
