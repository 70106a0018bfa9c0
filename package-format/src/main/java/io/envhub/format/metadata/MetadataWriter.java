package io.envhub.format.metadata;

import io.envhub.format.name.InvalidNameException;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.InvalidVersionException;
import io.envhub.format.version.Version;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes {@link CoreMetadata} in the RFC 822 style of the core metadata specification: one
 * {@code Name: value} header per line, multi-line values continued with eight spaces, then a blank line and
 * the description as the body. Output uses {@code \n} line endings and is deterministic.
 */
public final class MetadataWriter {

    private static final String CONTINUATION = "        ";

    private MetadataWriter() {
    }

    /**
     * Renders metadata as text.
     *
     * @param metadata the metadata; name and version must be valid
     * @return the METADATA file content
     * @throws MetadataException when the name or version is invalid or a keyword contains a comma
     */
    public static String write(CoreMetadata metadata) {
        check(metadata);
        StringBuilder sb = new StringBuilder();
        header(sb, "Metadata-Version", metadata.metadataVersion());
        header(sb, "Name", metadata.name());
        header(sb, "Version", metadata.version());
        if (metadata.summary() != null) {
            header(sb, "Summary", metadata.summary().strip().replaceAll("\\s+", " "));
        }
        if (!metadata.keywords().isEmpty()) {
            header(sb, "Keywords", String.join(",", metadata.keywords()));
        }
        header(sb, "Author", metadata.author());
        header(sb, "Author-email", metadata.authorEmail());
        header(sb, "License", metadata.license());
        header(sb, "Requires-Python", metadata.requiresPython());
        for (String requirement : metadata.requiresDist()) {
            header(sb, "Requires-Dist", requirement);
        }
        for (MetadataField field : metadata.otherFields()) {
            header(sb, field.name(), field.value());
        }
        header(sb, "Description-Content-Type", metadata.descriptionContentType());
        if (metadata.description() != null) {
            sb.append('\n').append(metadata.description().replace("\r\n", "\n"));
        }
        return sb.toString();
    }

    /**
     * Renders metadata as UTF-8 bytes.
     *
     * @param metadata the metadata
     * @return the METADATA file content
     */
    public static byte[] writeBytes(CoreMetadata metadata) {
        return write(metadata).getBytes(StandardCharsets.UTF_8);
    }

    private static void check(CoreMetadata metadata) {
        try {
            ProjectName.validate(metadata.name());
            Version.parse(metadata.version());
        } catch (InvalidNameException | InvalidVersionException e) {
            throw new MetadataException(MetadataException.INVALID_FIELD, e.getMessage(), e);
        }
        List<String> keywords = metadata.keywords();
        for (String keyword : keywords) {
            if (keyword.contains(",") || keyword.contains("\n")) {
                throw new MetadataException(MetadataException.INVALID_FIELD,
                        "keyword '" + keyword + "' must not contain a comma or a line break");
            }
        }
        for (MetadataField field : metadata.otherFields()) {
            if (!field.name().matches("[A-Za-z0-9][A-Za-z0-9-]*")) {
                throw new MetadataException(MetadataException.INVALID_FIELD, "invalid header name '" + field.name() + "'");
            }
        }
    }

    private static void header(StringBuilder sb, String name, String value) {
        if (value == null) {
            return;
        }
        String[] lines = value.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1);
        sb.append(name).append(": ").append(lines[0]);
        for (int i = 1; i < lines.length; i++) {
            sb.append('\n').append(CONTINUATION).append(lines[i]);
        }
        sb.append('\n');
    }
}
