package io.envhub.format.metadata;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Python core metadata (the {@code METADATA} file of a wheel). Optional scalar components are null when
 * absent; lists are immutable and never null.
 *
 * @param metadataVersion {@code Metadata-Version}, e.g. {@code 2.1}
 * @param name {@code Name}
 * @param version {@code Version}
 * @param summary {@code Summary}, or null
 * @param keywords {@code Keywords}, split on commas
 * @param license {@code License}, or null
 * @param requiresPython {@code Requires-Python}, or null
 * @param requiresDist every {@code Requires-Dist}
 * @param author {@code Author}, or null
 * @param authorEmail {@code Author-email}, or null
 * @param descriptionContentType {@code Description-Content-Type}, or null
 * @param description the body (long description), or null
 * @param otherFields any other header, in file order
 */
public record CoreMetadata(
        String metadataVersion,
        String name,
        String version,
        String summary,
        List<String> keywords,
        String license,
        String requiresPython,
        List<String> requiresDist,
        String author,
        String authorEmail,
        String descriptionContentType,
        String description,
        List<MetadataField> otherFields) {

    /** The metadata version this library writes. */
    public static final String DEFAULT_METADATA_VERSION = "2.1";

    /**
     * Copies the lists and checks the required components.
     *
     * @param metadataVersion metadata version
     * @param name project name
     * @param version project version
     * @param summary summary or null
     * @param keywords keywords
     * @param license license or null
     * @param requiresPython specifier or null
     * @param requiresDist requirements
     * @param author author or null
     * @param authorEmail author e-mail or null
     * @param descriptionContentType content type or null
     * @param description long description or null
     * @param otherFields other headers
     */
    public CoreMetadata {
        Objects.requireNonNull(metadataVersion, "metadataVersion");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        keywords = List.copyOf(keywords);
        requiresDist = List.copyOf(requiresDist);
        otherFields = List.copyOf(otherFields);
    }

    /**
     * Starts a minimal metadata value with {@link #DEFAULT_METADATA_VERSION}.
     *
     * @param name project name
     * @param version project version
     * @return metadata without optional fields
     */
    public static CoreMetadata of(String name, String version) {
        return new CoreMetadata(DEFAULT_METADATA_VERSION, name, version, null, List.of(), null, null, List.of(),
                null, null, null, null, List.of());
    }

    /**
     * Returns the values of every other header with the given name (case-insensitive).
     *
     * @param header header name such as {@code Classifier}
     * @return values in file order
     */
    public List<String> other(String header) {
        String wanted = header.toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        for (MetadataField f : otherFields) {
            if (f.name().toLowerCase(Locale.ROOT).equals(wanted)) {
                out.add(f.value());
            }
        }
        return out;
    }

    /**
     * Returns a copy with a different description body and content type.
     *
     * @param newDescription body, or null
     * @param contentType content type, or null
     * @return the copy
     */
    public CoreMetadata withDescription(String newDescription, String contentType) {
        return new CoreMetadata(metadataVersion, name, version, summary, keywords, license, requiresPython, requiresDist,
                author, authorEmail, contentType, newDescription, otherFields);
    }
}
