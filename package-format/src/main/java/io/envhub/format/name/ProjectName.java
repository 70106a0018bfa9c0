package io.envhub.format.name;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A validated Python distribution name.
 *
 * <p>Validity follows PEP 508: ASCII letters and digits, with {@code .}, {@code _} and {@code -} allowed
 * only between them. Two names are equal when their PEP 503 normalized forms are equal, so
 * {@code Reverse_Text}, {@code reverse.text} and {@code reverse-text} are the same project.
 */
public final class ProjectName {

    private static final Pattern SEPARATOR_RUN = Pattern.compile("[-_.]+");

    private final String original;
    private final String normalized;

    private ProjectName(String original, String normalized) {
        this.original = original;
        this.normalized = normalized;
    }

    /**
     * Validates and wraps a name.
     *
     * @param name the name as written by the author
     * @return the project name
     * @throws InvalidNameException with the precise reason when the name is not valid
     */
    public static ProjectName of(String name) {
        validate(name);
        return new ProjectName(name, normalize(name));
    }

    /**
     * Checks a name against the PEP 508 rules.
     *
     * @param name the candidate
     * @throws InvalidNameException naming the first rule the name breaks
     */
    public static void validate(String name) {
        if (name == null) {
            throw new InvalidNameException(null, "name is missing");
        }
        if (name.isEmpty()) {
            throw new InvalidNameException(name, "name is empty");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!isAlnum(c) && !isSeparator(c)) {
                throw new InvalidNameException(name, "character " + describe(c) + " at position " + (i + 1)
                        + " is not allowed (only ASCII letters, digits, '.', '_' and '-')");
            }
        }
        if (!isAlnum(name.charAt(0))) {
            throw new InvalidNameException(name, "must start with an ASCII letter or digit");
        }
        if (!isAlnum(name.charAt(name.length() - 1))) {
            throw new InvalidNameException(name, "must end with an ASCII letter or digit");
        }
    }

    /**
     * Tells whether a name is valid.
     *
     * @param name the candidate
     * @return true when {@link #validate(String)} would accept it
     */
    public static boolean isValid(String name) {
        try {
            validate(name);
            return true;
        } catch (InvalidNameException e) {
            return false;
        }
    }

    /**
     * Applies PEP 503 normalization: runs of {@code -_.} become one {@code -}, then lower-case.
     * Does not validate.
     *
     * @param name any name
     * @return the normalized form
     */
    public static String normalize(String name) {
        Objects.requireNonNull(name, "name");
        return SEPARATOR_RUN.matcher(name).replaceAll("-").toLowerCase(Locale.ROOT);
    }

    /**
     * Returns the name as written by the author.
     *
     * @return the original spelling
     */
    public String original() {
        return original;
    }

    /**
     * Returns the PEP 503 normalized name, e.g. {@code reverse-text}.
     *
     * @return normalized name
     */
    public String normalized() {
        return normalized;
    }

    /**
     * Returns the conventional import module name: the normalized name with {@code -} replaced by {@code _}.
     *
     * @return module name, e.g. {@code reverse_text}
     */
    public String moduleName() {
        return normalized.replace('-', '_');
    }

    /**
     * Returns the distribution name as escaped in wheel and dist-info file names (PEP 427/491): the normalized
     * name with {@code -} replaced by {@code _}.
     *
     * @return escaped name, e.g. {@code reverse_text}
     */
    public String wheelName() {
        return normalized.replace('-', '_');
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProjectName && ((ProjectName) o).normalized.equals(normalized);
    }

    @Override
    public int hashCode() {
        return normalized.hashCode();
    }

    /** Returns the normalized name. */
    @Override
    public String toString() {
        return normalized;
    }

    private static boolean isAlnum(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    private static boolean isSeparator(char c) {
        return c == '.' || c == '_' || c == '-';
    }

    private static String describe(char c) {
        if (c >= 0x20 && c < 0x7f) {
            return "'" + c + "'";
        }
        return String.format("U+%04X", (int) c);
    }
}
