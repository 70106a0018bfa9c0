package io.envhub.web.browse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.contract.api.SearchPage;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchQueryTest {
    @Test
    void linksChangeOnePartAndKeepTheRest() {
        SearchQuery q = SearchQuery.of("rl env", List.of("Math", "math", " "), "true", "tool-use", null, "stars", "3");
        assertEquals(List.of("math"), q.tags());
        assertEquals("/search?q=rl+env&tag=math&validated=true&task=tool-use&sort=stars&page=3", q.href());
        assertEquals("/search?q=rl+env&tag=math&tag=a%26b&validated=true&task=tool-use&sort=stars", q.withTag("a&b"));
        assertEquals("/search?q=rl+env&validated=true&task=tool-use&sort=stars", q.withoutTag("math"));
        assertEquals("/search?q=rl+env&tag=math&validated=true&sort=stars", q.withTask(null));
        assertEquals("/search?q=rl+env&tag=math&validated=true&task=tool-use&sort=stars&page=4", q.withPage(4));
        assertEquals("/search?q=rl+env&tag=math&validated=true&task=tool-use&sort=stars", q.withPage(1));
        assertEquals("/search", SearchQuery.of(null, null, null, null, null, null, null).href());
    }

    @Test
    void statusFilterIsKeptByEveryLinkAndDroppedByItsOwn() {
        SearchQuery q = SearchQuery.of("math", List.of("games"), null, null, " static-only ", null, "2");
        assertEquals("static-only", q.status());
        assertEquals("/search?q=math&tag=games&status=static-only&page=2", q.href());
        assertEquals("/search?q=math&tag=games&tag=x&status=static-only", q.withTag("x"));
        assertEquals("/search?q=math&tag=games&status=flagged", q.withStatus("flagged"));
        assertEquals("/search?q=math&tag=games", q.withStatus(null));
        assertEquals("static checks only", q.statusName("static-only"));
        assertEquals("verified with flags", q.statusName("flagged"));
    }

    @Test
    void defaultsFollowTheBackend() {
        assertEquals("relevance", SearchQuery.of("x", List.of(), null, null, null, null, null).effectiveSort());
        assertEquals("downloads", SearchQuery.of(null, List.of(), "no", null, null, null, "zz").effectiveSort());
        assertEquals(1, SearchQuery.of(null, List.of(), null, null, null, null, "zz").pageNumber());
    }

    @Test
    void pagesCoverTheTotal() {
        Pages p = Pages.of(new SearchPage(41, 3, 20, Collections.nCopies(1, null), null, false));
        assertEquals(3, p.last());
        assertEquals(41, p.from());
        assertEquals(41, p.to());
        assertEquals(false, p.hasNext());
        assertEquals(1, Pages.of(new SearchPage(0, 1, 20, List.of(), null, false)).last());
    }
}
