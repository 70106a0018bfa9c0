package io.envhub.registry.index;

import java.util.Locale;
import java.util.Optional;

/**
 * The three answers of the simple repository API (PEP 691) and the content negotiation between them. A client's
 * {@code Accept} header (media ranges with quality values, wildcards allowed) picks the format with the highest
 * quality; ties go to the more specific range, then to the client's order, then to this enum's order (plain HTML
 * first, the most compatible answer for {@code *}{@code /*} and for clients that send no Accept header at all).
 */
public enum SimpleFormat {
    /** Legacy PEP 503 HTML. */
    TEXT_HTML("text/html", "text/html; charset=utf-8"),
    /** PEP 691 versioned HTML (same body as {@link #TEXT_HTML}). */
    HTML_V1("application/vnd.pypi.simple.v1+html", "application/vnd.pypi.simple.v1+html"),
    /** PEP 691 JSON. */
    JSON_V1("application/vnd.pypi.simple.v1+json", "application/vnd.pypi.simple.v1+json");

    /** The repository API version this index implements: PEP 691 (1.0) plus PEP 700's versions, size, upload-time. */
    public static final String API_VERSION = "1.1";

    private static final String LATEST_HTML = "application/vnd.pypi.simple.latest+html";
    private static final String LATEST_JSON = "application/vnd.pypi.simple.latest+json";

    private final String mediaType;
    private final String contentType;

    SimpleFormat(String mediaType, String contentType) {
        this.mediaType = mediaType;
        this.contentType = contentType;
    }

    /** The Content-Type header of a response in this format. */
    public String contentType() {
        return contentType;
    }

    public boolean isJson() {
        return this == JSON_V1;
    }

    /**
     * Picks the answer for an {@code Accept} header value.
     *
     * @param accept the header (or PEP 691's {@code format} URL parameter), null or blank for "anything"
     * @return the format, or empty when the client accepts none of them (406)
     */
    public static Optional<SimpleFormat> negotiate(String accept) {
        if (accept == null || accept.isBlank()) {
            return Optional.of(TEXT_HTML);
        }
        String[] parts = accept.split(",");
        Range[] ranges = new Range[parts.length];
        for (int i = 0; i < parts.length; i++) {
            ranges[i] = Range.parse(parts[i]);
        }
        SimpleFormat best = null;
        double bestQ = 0;
        int bestSpecificity = -1;
        int bestPosition = Integer.MAX_VALUE;
        for (SimpleFormat format : values()) {
            // the most specific range that names this format decides its quality (RFC 9110, 12.5.1)
            int specificity = -1;
            int position = -1;
            for (int i = 0; i < ranges.length; i++) {
                int s = ranges[i] == null ? -1 : ranges[i].matches(format);
                if (s > specificity) {
                    specificity = s;
                    position = i;
                }
            }
            if (position < 0 || ranges[position].q() <= 0) {
                continue;
            }
            double q = ranges[position].q();
            boolean better = q > bestQ || q == bestQ && (specificity > bestSpecificity
                    || specificity == bestSpecificity && position < bestPosition);
            if (better) {
                best = format;
                bestQ = q;
                bestSpecificity = specificity;
                bestPosition = position;
            }
        }
        return Optional.ofNullable(best);
    }

    /** One media range of an Accept header: {@code type/subtype;q=0.5}. */
    private record Range(String type, String subtype, double q) {
        static Range parse(String text) {
            String[] parts = text.split(";");
            String media = parts[0].trim().toLowerCase(Locale.ROOT);
            if (LATEST_HTML.equals(media)) {
                media = HTML_V1.mediaType;
            } else if (LATEST_JSON.equals(media)) {
                media = JSON_V1.mediaType;
            }
            int slash = media.indexOf('/');
            if (slash <= 0 || slash == media.length() - 1) {
                return null;
            }
            double q = 1.0;
            for (int i = 1; i < parts.length; i++) {
                String param = parts[i].trim();
                if (param.length() > 2 && (param.startsWith("q=") || param.startsWith("Q="))) {
                    try {
                        q = Double.parseDouble(param.substring(2).trim());
                    } catch (NumberFormatException e) {
                        return null;
                    }
                }
            }
            return new Range(media.substring(0, slash), media.substring(slash + 1), Math.max(0, Math.min(1, q)));
        }

        /** How specifically this range names the format: 2 exact, 1 type wildcard, 0 full wildcard, -1 no match. */
        int matches(SimpleFormat format) {
            String full = format.mediaType;
            int slash = full.indexOf('/');
            String ftype = full.substring(0, slash);
            String fsub = full.substring(slash + 1);
            if ("*".equals(type) && "*".equals(subtype)) {
                return 0;
            }
            if (!type.equals(ftype)) {
                return -1;
            }
            if ("*".equals(subtype)) {
                return 1;
            }
            return subtype.equals(fsub) ? 2 : -1;
        }
    }
}
