package io.envhub.format.pyproject;

import java.util.Locale;
import java.util.Optional;

/**
 * The {@code project.readme} value: a file path or inline text, with its content type. Exactly one of
 * {@code file} and {@code text} is non-null.
 *
 * @param file relative path of the readme, or null
 * @param text inline readme text, or null
 * @param contentType MIME type such as {@code text/markdown}
 */
public record Readme(String file, String text, String contentType) {

    /**
     * Validates the components.
     *
     * @param file relative path of the readme, or null
     * @param text inline readme text, or null
     * @param contentType MIME type, required
     */
    public Readme {
        if ((file == null) == (text == null)) {
            throw new IllegalArgumentException("exactly one of file and text must be set");
        }
        if (contentType == null || contentType.isBlank()) {
            throw new IllegalArgumentException("contentType is required");
        }
    }

    /**
     * Infers the content type PEP 621 prescribes for a readme file name.
     *
     * @param fileName path or name of the readme
     * @return {@code text/markdown} for {@code .md}, {@code text/x-rst} for {@code .rst}, {@code text/plain} for
     *     {@code .txt}; empty for other extensions
     */
    public static Optional<String> contentTypeFor(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".md") || lower.endsWith(".markdown")) {
            return Optional.of("text/markdown");
        }
        if (lower.endsWith(".rst")) {
            return Optional.of("text/x-rst");
        }
        if (lower.endsWith(".txt")) {
            return Optional.of("text/plain");
        }
        return Optional.empty();
    }
}
