package io.envhub.registry.index;

/**
 * Renders the PEP 503 HTML pages (with PEP 592 yanked markers, PEP 658/714 metadata hashes and the PEP 629 repository
 * version). Hand-written: the pages are tiny and on the path of every install.
 */
final class SimpleHtml {
    private SimpleHtml() {
    }

    /** The owner's root page: one link per project. */
    static String root(OwnerIndex index) {
        StringBuilder html = head(new StringBuilder(256 + 96 * index.projects().size()), "Simple index of " + index.owner());
        for (OwnerIndex.Project p : index.projects()) {
            html.append("    <a href=\"").append(IndexUrls.project(index.owner(), p.name())).append("\">")
                    .append(escape(p.displayName())).append("</a><br>\n");
        }
        return tail(html);
    }

    /** A project's page: one link per file, every version, yanked ones marked. */
    static String project(ProjectPage page) {
        StringBuilder html = head(new StringBuilder(256 + 420 * page.files().size()), "Links for " + page.name());
        html.append("    <h1>Links for ").append(escape(page.name())).append("</h1>\n");
        for (IndexFile f : page.files()) {
            html.append("    <a href=\"").append(escape(IndexUrls.file(page.owner(), page.name(), f.filename())))
                    .append("#sha256=").append(f.sha256()).append('"');
            if (f.requiresPython() != null && !f.requiresPython().isBlank()) {
                html.append(" data-requires-python=\"").append(escape(f.requiresPython())).append('"');
            }
            if (f.yanked()) {
                html.append(" data-yanked=\"").append(escape(f.yankReason() == null ? "" : f.yankReason())).append('"');
            }
            if (f.metadataSha256() != null) {
                // PEP 714: only the new name; pip 23.0 (Debian 12's) crashes on the hash of the old one
                html.append(" data-core-metadata=\"sha256=").append(f.metadataSha256()).append('"');
            }
            html.append('>').append(escape(f.filename())).append("</a><br>\n");
        }
        return tail(html);
    }

    private static StringBuilder head(StringBuilder html, String title) {
        return html.append("<!DOCTYPE html>\n<html>\n  <head>\n    <meta charset=\"utf-8\">\n")
                .append("    <meta name=\"pypi:repository-version\" content=\"").append(SimpleFormat.API_VERSION).append("\">\n")
                .append("    <title>").append(escape(title)).append("</title>\n  </head>\n  <body>\n");
    }

    private static String tail(StringBuilder html) {
        return html.append("  </body>\n</html>\n").toString();
    }

    /** Escapes text for HTML content and double-quoted attribute values. */
    static String escape(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (replacement != null && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (replacement != null) {
                    out.append(replacement);
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }
}
