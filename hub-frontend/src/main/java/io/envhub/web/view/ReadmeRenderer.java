package io.envhub.web.view;

import io.envhub.contract.api.Readme;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Entities;
import org.jsoup.safety.Cleaner;
import org.jsoup.safety.Safelist;

/**
 * Renders a README to HTML that is safe to embed: Markdown through commonmark (with GFM tables), then every tag
 * and attribute checked against an allow-list by jsoup. Links keep only http, https and mailto targets and get
 * {@code rel="nofollow"}; no scripts, styles, frames, forms or event handlers. Images are not loaded: a README's
 * images live on other hosts (tracking pixels, a reader's IP and the page they read sent elsewhere), so each becomes
 * a visible placeholder, "[image: alt text]", linked to the image's http(s) address for whoever wants to open it.
 * Text READMEs (not Markdown) are escaped into a {@code <pre>}.
 */
@ApplicationScoped
public class ReadmeRenderer {
    /** Longest README rendered; longer ones are cut (the backend caps them too). */
    static final int MAX_CHARS = 512 * 1024;

    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    private static final Safelist SAFELIST = Safelist.relaxed()
            .removeProtocols("a", "href", "ftp")
            .addEnforcedAttribute("a", "rel", "nofollow")
            .addAttributes("code", "class")
            .addAttributes("th", "align")
            .addAttributes("td", "align");

    /** READMEs up to this size are kept rendered (most are a few KB), so a popular page is not re-rendered per view. */
    static final int CACHED_MAX_CHARS = 64 * 1024;
    /** How many rendered READMEs are kept (least recently used go first); at most ~13 MB of text. */
    static final int CACHE_ENTRIES = 200;

    private final java.util.Map<String, String> cache = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(CACHE_ENTRIES, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, String> eldest) {
                    return size() > CACHE_ENTRIES;
                }
            });

    private final Parser parser = Parser.builder().extensions(EXTENSIONS).build();
    private final HtmlRenderer renderer = HtmlRenderer.builder().extensions(EXTENSIONS).sanitizeUrls(true).build();

    /** Safe HTML for a README, or an empty string when there is none. */
    public String render(Readme readme) {
        if (readme == null || readme.text() == null || readme.text().isBlank()) {
            return "";
        }
        String text = readme.text().length() > MAX_CHARS ? readme.text().substring(0, MAX_CHARS) : readme.text();
        String type = readme.contentType() == null ? "" : readme.contentType().toLowerCase(Locale.ROOT);
        if (type.startsWith("text/plain") || type.startsWith("text/x-rst")) {
            return "<pre class=\"readme-text\">" + Entities.escape(text) + "</pre>";
        }
        if (text.length() > CACHED_MAX_CHARS) {
            return sanitize(renderer.render(parser.parse(text)));
        }
        // keyed by the text itself: the same README always renders the same, whichever environment it belongs to
        String html = cache.get(text);
        if (html == null) {
            html = sanitize(renderer.render(parser.parse(text)));
            cache.put(text, html);
        }
        return html;
    }

    /** How many rendered READMEs are kept now (at most {@link #CACHE_ENTRIES}). */
    int cachedEntries() {
        return cache.size();
    }

    /** Cleans HTML against the allow-list and replaces images by placeholders. */
    static String sanitize(String html) {
        Document clean = new Cleaner(SAFELIST).clean(Jsoup.parseBodyFragment(html));
        clean.outputSettings(new Document.OutputSettings().prettyPrint(false));
        for (Element img : clean.select("img")) {
            img.replaceWith(placeholder(img));
        }
        return clean.body().html();
    }

    /** What stands for an image: its alt text as a link to it (http and https only), or as plain text. */
    private static Element placeholder(Element img) {
        String alt = img.attr("alt").isBlank() ? "image" : "image: " + img.attr("alt").strip();
        String src = img.attr("src");
        String lower = src.toLowerCase(Locale.ROOT);
        Element holder;
        if (lower.startsWith("https://") || lower.startsWith("http://")) {
            holder = new Element("a").attr("href", src).attr("rel", "nofollow noopener noreferrer");
        } else {
            holder = new Element("span");
        }
        return holder.addClass("external-image").text("[" + alt + "]");
    }
}
