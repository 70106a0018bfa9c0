package io.envhub.format.metadata;

import java.util.Objects;

/**
 * One header of a core metadata file that {@link CoreMetadata} has no dedicated component for
 * (e.g. {@code Classifier}, {@code Project-URL}, {@code License-File}).
 *
 * @param name header name as written
 * @param value header value (continuation lines joined with {@code \n})
 */
public record MetadataField(String name, String value) {

    /**
     * Checks the components.
     *
     * @param name header name
     * @param value header value
     */
    public MetadataField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}
