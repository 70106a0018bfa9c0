package io.envhub.format.metadata;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Parses a core metadata file ({@code METADATA} or {@code PKG-INFO}).
 *
 * <p>Headers run until the first empty line; lines starting with a space or tab continue the previous
 * header (up to eight leading spaces, or one tab, are removed and lines are joined with {@code \n}). The rest
 * of the file is the description. A {@code Description} header is used only when there is no body.
 */
public final class MetadataParser {

    private MetadataParser() {
    }

    /**
     * Parses UTF-8 bytes.
     *
     * @param bytes file content
     * @return the metadata
     * @throws MetadataException when the bytes are not UTF-8, a header is malformed, or a required field is missing
     */
    public static CoreMetadata parse(byte[] bytes) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
            return parse(text);
        } catch (CharacterCodingException e) {
            throw new MetadataException(MetadataException.MALFORMED, "metadata is not valid UTF-8", e);
        }
    }

    /**
     * Parses text.
     *
     * @param text file content
     * @return the metadata
     * @throws MetadataException when a header is malformed or a required field is missing
     */
    public static CoreMetadata parse(String text) {
        String[] lines = text.replace("\r\n", "\n").split("\n", -1);
        List<MetadataField> headers = new ArrayList<>();
        int i = 0;
        while (i < lines.length && !lines[i].isEmpty()) {
            String line = lines[i];
            if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
                if (headers.isEmpty()) {
                    throw new MetadataException(MetadataException.MALFORMED,
                            "line " + (i + 1) + ": continuation line before any header");
                }
                MetadataField last = headers.remove(headers.size() - 1);
                headers.add(new MetadataField(last.name(), last.value() + "\n" + unindent(line)));
            } else {
                int colon = line.indexOf(':');
                if (colon <= 0 || !line.substring(0, colon).matches("[A-Za-z0-9][A-Za-z0-9-]*")) {
                    throw new MetadataException(MetadataException.MALFORMED,
                            "line " + (i + 1) + ": expected 'Name: value' but found '" + line + "'");
                }
                headers.add(new MetadataField(line.substring(0, colon), line.substring(colon + 1).strip()));
            }
            i++;
        }
        String body = null;
        if (i < lines.length - 1) {
            body = String.join("\n", Arrays.asList(lines).subList(i + 1, lines.length));
        }
        return build(headers, body);
    }

    private static CoreMetadata build(List<MetadataField> headers, String body) {
        String metadataVersion = null;
        String name = null;
        String version = null;
        String summary = null;
        String license = null;
        String requiresPython = null;
        String author = null;
        String authorEmail = null;
        String contentType = null;
        String descriptionHeader = null;
        List<String> keywords = new ArrayList<>();
        List<String> requiresDist = new ArrayList<>();
        List<MetadataField> other = new ArrayList<>();
        for (MetadataField h : headers) {
            String v = h.value();
            switch (h.name().toLowerCase(Locale.ROOT)) {
                case "metadata-version" -> metadataVersion = v;
                case "name" -> name = v;
                case "version" -> version = v;
                case "summary" -> summary = v;
                case "license" -> license = v;
                case "requires-python" -> requiresPython = v;
                case "author" -> author = v;
                case "author-email" -> authorEmail = v;
                case "description-content-type" -> contentType = v;
                case "description" -> descriptionHeader = v;
                case "requires-dist" -> requiresDist.add(v);
                case "keywords" -> keywords.addAll(splitKeywords(v));
                default -> other.add(h);
            }
        }
        require(metadataVersion, "Metadata-Version");
        require(name, "Name");
        require(version, "Version");
        String description = body != null ? body : descriptionHeader;
        return new CoreMetadata(metadataVersion, name, version, summary, keywords, license, requiresPython, requiresDist,
                author, authorEmail, contentType, description, other);
    }

    private static List<String> splitKeywords(String value) {
        List<String> out = new ArrayList<>();
        for (String k : value.split(",")) {
            String t = k.strip();
            if (!t.isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    private static String unindent(String line) {
        if (line.charAt(0) == '\t') {
            return line.substring(1);
        }
        int n = 0;
        while (n < 8 && n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return line.substring(n);
    }

    private static void require(String value, String header) {
        if (value == null || value.isEmpty()) {
            throw new MetadataException(MetadataException.MISSING_FIELD, "metadata has no " + header + " header");
        }
    }
}
