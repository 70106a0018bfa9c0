package io.envhub.registry.index;

/** The index's root-relative URLs; every path segment is percent-encoded where needed. */
public final class IndexUrls {
    /** Where every owner's index lives. */
    public static final String PREFIX = "/simple/";

    private IndexUrls() {
    }

    /** {@code /simple/{owner}/}. */
    public static String owner(String owner) {
        return PREFIX + segment(owner) + "/";
    }

    /** {@code /simple/{owner}/{project}/}. */
    public static String project(String owner, String project) {
        return PREFIX + segment(owner) + "/" + segment(project) + "/";
    }

    /** {@code /simple/{owner}/{project}/{filename}}: the counted download redirect. */
    public static String file(String owner, String project, String filename) {
        return PREFIX + segment(owner) + "/" + segment(project) + "/" + segment(filename);
    }

    /** Percent-encodes everything but RFC 3986 unreserved characters and the few wheel names use ({@code +!}). */
    public static String segment(String text) {
        StringBuilder out = null;
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            boolean plain = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
                    || b == '-' || b == '.' || b == '_' || b == '~' || b == '+' || b == '!';
            if (!plain && out == null) {
                out = new StringBuilder(bytes.length + 16).append(text, 0, i);
            }
            if (out != null) {
                if (plain) {
                    out.append((char) b);
                } else {
                    out.append('%').append(Character.toUpperCase(Character.forDigit(b >> 4, 16)))
                            .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
                }
            }
        }
        return out == null ? text : out.toString();
    }
}
