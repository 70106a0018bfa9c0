package io.envhub.format.wheel;

import java.util.Objects;

/**
 * One line of a wheel's {@code RECORD}.
 *
 * @param path member path
 * @param hash {@code algorithm=urlsafe-b64-nopad-digest}, or null when empty
 * @param size size in bytes, or null when empty
 */
public record RecordEntry(String path, String hash, Long size) {

    /**
     * Checks the path.
     *
     * @param path member path
     * @param hash hash or null
     * @param size size or null
     */
    public RecordEntry {
        Objects.requireNonNull(path, "path");
    }
}
