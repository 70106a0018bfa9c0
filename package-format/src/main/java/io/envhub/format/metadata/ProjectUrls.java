package io.envhub.format.metadata;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code Project-URL: Label, https://...} headers of core metadata (and {@code Home-page}), each with the kind a
 * researcher looks for: {@code source}, {@code paper}, {@code homepage}, {@code documentation}, or {@code other}.
 * Labels are compared as PEP 753 normalises them (lower case, punctuation and spaces removed). Only {@code http} and
 * {@code https} URLs with a host are kept, so a page can link them without checking again.
 */
public final class ProjectUrls {
    /** Most links kept. */
    public static final int MAX = 20;
    private static final int MAX_LABEL = 64;
    private static final int MAX_URL = 2000;
    private static final Map<String, String> KINDS = Map.ofEntries(
            Map.entry("source", "source"), Map.entry("sourcecode", "source"), Map.entry("repository", "source"),
            Map.entry("code", "source"), Map.entry("github", "source"), Map.entry("gitlab", "source"),
            Map.entry("paper", "paper"), Map.entry("arxiv", "paper"), Map.entry("publication", "paper"),
            Map.entry("citation", "paper"), Map.entry("homepage", "homepage"), Map.entry("home", "homepage"),
            Map.entry("website", "homepage"), Map.entry("documentation", "documentation"), Map.entry("docs", "documentation"));

    /**
     * One link.
     *
     * @param label the label as written
     * @param kind {@code source}, {@code paper}, {@code homepage}, {@code documentation} or {@code other}
     * @param url the URL
     */
    public record Link(String label, String kind, String url) {
    }

    private ProjectUrls() {
    }

    /** The links of these metadata headers, in file order, unusable ones left out. */
    public static List<Link> of(List<MetadataField> fields) {
        List<Link> out = new ArrayList<>();
        for (MetadataField f : fields) {
            String header = f.name().toLowerCase(Locale.ROOT);
            if (header.equals("project-url")) {
                int comma = f.value().indexOf(',');
                if (comma > 0) {
                    add(out, f.value().substring(0, comma).strip(), f.value().substring(comma + 1).strip());
                }
            } else if (header.equals("home-page")) {
                add(out, "Homepage", f.value().strip());
            }
        }
        return List.copyOf(out);
    }

    /** The kind of a label: {@code Source Code} and {@code repository} are {@code source}, ... */
    public static String kind(String label) {
        String normal = label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        return KINDS.getOrDefault(normal, "other");
    }

    private static void add(List<Link> out, String label, String url) {
        if (out.size() >= MAX || label.isEmpty() || label.length() > MAX_LABEL || !isWebUrl(url)
                || out.stream().anyMatch(l -> l.url().equals(url) && l.kind().equals(kind(label)))) {
            return;
        }
        out.add(new Link(label, kind(label), url));
    }

    static boolean isWebUrl(String url) {
        if (url.isEmpty() || url.length() > MAX_URL) {
            return false;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("https") || scheme.equals("http")) && uri.getHost() != null && uri.getRawUserInfo() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
