package io.envhub.web.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.api.Readme;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README pipeline (commonmark, then the jsoup allow-list) on hostile and ordinary input. */
class ReadmeRendererTest {
    private final ReadmeRenderer renderer = new ReadmeRenderer();

    private String md(String text) {
        return renderer.render(new Readme("text/markdown", text));
    }

    @Test
    void hostileMarkupIsRemoved() {
        String html = md("<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n<iframe src=\"https://e.x\"></iframe>\n\n"
                + "[a](javascript:alert(3)) <a href=\"data:text/html,hi\">b</a> <a href=\"vbscript:x\">c</a>\n\n"
                + "<style>body{display:none}</style><svg onload=alert(4)></svg><form action=/x><input></form>");
        for (String bad : List.of("<script", "onerror", "<iframe", "javascript:", "data:", "vbscript:", "<style", "<svg",
                "onload", "<form", "<input", "alert(")) {
            assertFalse(html.toLowerCase().contains(bad), bad + " survived: " + html);
        }
    }

    @Test
    void ordinaryMarkdownSurvivesWithNofollowLinks() {
        String html = md("# T\n\n**b** `c`\n\n```python\nx = 1 < 2\n```\n\n| h |\n|---|\n| d |\n\n[m](mailto:a@b.c) [w](https://w.org)");
        assertTrue(html.contains("<h1>T</h1>"), html);
        assertTrue(html.contains("<strong>b</strong>"), html);
        assertTrue(html.contains("<code class=\"language-python\">x = 1 &lt; 2"), html);
        assertTrue(html.contains("<th>h</th>"), html);
        assertTrue(html.contains("<a href=\"mailto:a@b.c\" rel=\"nofollow\">m</a>"), html);
        assertTrue(html.contains("<a href=\"https://w.org\" rel=\"nofollow\">w</a>"), html);
    }

    @Test
    void plainTextIsEscapedAndEmptyIsEmpty() {
        assertEquals("<pre class=\"readme-text\">&lt;b&gt;hi&lt;/b&gt;</pre>",
                renderer.render(new Readme("text/plain", "<b>hi</b>")));
        assertEquals("", renderer.render(null));
        assertEquals("", renderer.render(new Readme("text/markdown", "  ")));
    }

    @Test
    void imagesFromOtherHostsAreNotLoadedButNamedAndLinked() {
        String html = md("![build status](https://tracker.example/pixel.gif?u=1) and <img src=\"http://cdn.example/a.png\" alt=\"A\">"
                + " <img src=\"https://x.example/p.gif\" width=\"1\" height=\"1\"> ![local](docs/diagram.png)");
        assertFalse(html.contains("<img"), html);
        assertTrue(html.contains("<a href=\"https://tracker.example/pixel.gif?u=1\" rel=\"nofollow noopener noreferrer\""
                + " class=\"external-image\">[image: build status]</a>"), html);
        assertTrue(html.contains("<a href=\"http://cdn.example/a.png\" rel=\"nofollow noopener noreferrer\" class=\"external-image\">"
                + "[image: A]</a>"), html);
        assertTrue(html.contains(">[image]</a>"), "an image without alt text is still visible: " + html);
        assertTrue(html.contains("<span class=\"external-image\">[image: local]</span>"), html);
    }

    @Test
    void theCacheAnswersWhatTheRendererRendersAndRendersAChangedTextAnew() {
        String text = "# Triage notes\n\nGrade **each** note; see [the rubric](https://example.org/r).\n\n<script>x()</script>";
        String first = md(text);
        assertEquals(new ReadmeRenderer().render(new Readme("text/markdown", text)), first, "a fresh renderer renders the same");
        assertSame(first, md(text), "the second view of the same text comes from the cache");
        assertEquals(1, renderer.cachedEntries());

        String edited = md(text.replace("**each**", "**every**"));
        assertNotEquals(first, edited);
        assertTrue(edited.contains("<strong>every</strong>") && !edited.contains("each"), edited);
        assertFalse(edited.contains("<script"), edited);
        assertEquals(2, renderer.cachedEntries());
    }

    @Test
    void theCacheIsBoundedAndLongTextsAreNotKept() {
        for (int i = 0; i < ReadmeRenderer.CACHE_ENTRIES + 50; i++) {
            md("Bounty " + i + " wants *annotated* notes.");
        }
        assertEquals(ReadmeRenderer.CACHE_ENTRIES, renderer.cachedEntries());
        String newest = "Bounty " + (ReadmeRenderer.CACHE_ENTRIES + 49) + " wants *annotated* notes.";
        assertSame(md(newest), md(newest), "the most recent texts stay");
        ReadmeRenderer fresh = new ReadmeRenderer();
        String big = "word ".repeat(ReadmeRenderer.CACHED_MAX_CHARS / 5 + 1);
        assertEquals(fresh.render(new Readme("text/markdown", big)), fresh.render(new Readme("text/markdown", big)));
        assertEquals(0, fresh.cachedEntries(), "a text over " + ReadmeRenderer.CACHED_MAX_CHARS + " chars is rendered each time");
    }
}
