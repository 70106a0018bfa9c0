package io.envhub.format.pyproject;

/**
 * The {@code project.license} value: either text (a plain string, an SPDX expression, or {@code {text = ...}})
 * or a reference to a file ({@code {file = ...}}). Exactly one component is non-null.
 *
 * @param text license text or expression, or null
 * @param file relative path of the license file, or null
 */
public record License(String text, String file) {

    /**
     * Validates that exactly one of the components is set.
     *
     * @param text license text or expression, or null
     * @param file relative path of the license file, or null
     */
    public License {
        if ((text == null) == (file == null)) {
            throw new IllegalArgumentException("exactly one of text and file must be set");
        }
    }

    /**
     * Creates a text license.
     *
     * @param text license text or SPDX expression
     * @return the license
     */
    public static License ofText(String text) {
        return new License(text, null);
    }

    /**
     * Creates a file license.
     *
     * @param file relative path of the license file
     * @return the license
     */
    public static License ofFile(String file) {
        return new License(null, file);
    }

    /**
     * Tells whether the license refers to a file.
     *
     * @return true for {@code {file = ...}}
     */
    public boolean isFile() {
        return file != null;
    }
}
