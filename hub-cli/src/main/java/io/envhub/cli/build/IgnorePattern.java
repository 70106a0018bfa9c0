package io.envhub.cli.build;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One line of a {@code .gitignore} file (or one hatch include pattern), compiled to a regular expression over
 * {@code /}-separated paths relative to the directory that holds the file.
 *
 * <p>The rules are git's: a pattern with a slash at the start or in the middle is anchored to that directory,
 * otherwise it matches a name at any depth; a trailing slash matches directories only; {@code *} and {@code ?}
 * do not cross {@code /}; {@code **} as a whole segment matches any number of directories; {@code [...]} is a
 * character class ({@code [!...]} negated); {@code \} escapes; a leading {@code !} re-includes.
 *
 * @param text the pattern as written (without the leading {@code !})
 * @param negated whether the line started with {@code !}
 * @param directoryOnly whether the pattern ended with {@code /}
 * @param regex the compiled pattern
 */
public record IgnorePattern(String text, boolean negated, boolean directoryOnly, Pattern regex) {

    /**
     * Parses one line.
     *
     * @param line a line of a {@code .gitignore} file
     * @return the pattern, or empty for blank lines and comments
     */
    public static Optional<IgnorePattern> parse(String line) {
        String s = stripTrailingSpaces(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        if (s.isEmpty() || s.startsWith("#")) {
            return Optional.empty();
        }
        boolean negated = false;
        if (s.startsWith("!")) {
            negated = true;
            s = s.substring(1);
        } else if (s.startsWith("\\!") || s.startsWith("\\#")) {
            s = s.substring(1);
        }
        boolean dirOnly = false;
        if (s.endsWith("/") && !s.endsWith("\\/")) {
            dirOnly = true;
            s = s.substring(0, s.length() - 1);
        }
        if (s.isEmpty() || s.equals("/")) {
            return Optional.empty();
        }
        boolean anchored = s.indexOf('/') >= 0;
        if (s.startsWith("/")) {
            s = s.substring(1);
        }
        String body = toRegex(s);
        String regex = anchored ? body : "(?:.*/)?" + body;
        return Optional.of(new IgnorePattern(s, negated, dirOnly, Pattern.compile(regex, Pattern.DOTALL)));
    }

    /**
     * Tests a path.
     *
     * @param relativePath path relative to the pattern's directory, {@code /}-separated, no trailing slash
     * @param isDirectory whether the path names a directory
     * @return whether the pattern matches
     */
    public boolean matches(String relativePath, boolean isDirectory) {
        if (directoryOnly && !isDirectory) {
            return false;
        }
        return regex.matcher(relativePath).matches();
    }

    private static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ' && !(end >= 2 && s.charAt(end - 2) == '\\')) {
            end--;
        }
        return s.substring(0, end);
    }

    private static String toRegex(String glob) {
        StringBuilder re = new StringBuilder();
        String[] segments = glob.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            String seg = segments[i];
            boolean last = i == segments.length - 1;
            if (seg.equals("**")) {
                if (last) {
                    // "a/**" matches everything inside a (and, with our directory walk, a itself is never matched)
                    re.append(i == 0 ? ".*" : ".+");
                } else {
                    re.append("(?:[^/]*/)*");
                }
                continue;
            }
            re.append(segment(seg));
            if (!last) {
                re.append('/');
            }
        }
        String out = re.toString();
        // "a/**" produced "a/.+": keep it; "**/b" produced "(?:[^/]*/)*b": fine
        return out;
    }

    private static String segment(String seg) {
        StringBuilder re = new StringBuilder();
        int i = 0;
        while (i < seg.length()) {
            char c = seg.charAt(i);
            switch (c) {
                case '*' -> {
                    while (i + 1 < seg.length() && seg.charAt(i + 1) == '*') {
                        i++;
                    }
                    re.append("[^/]*");
                }
                case '?' -> re.append("[^/]");
                case '[' -> {
                    int close = classEnd(seg, i);
                    if (close < 0) {
                        re.append("\\[");
                    } else {
                        re.append(charClass(seg.substring(i + 1, close)));
                        i = close;
                    }
                }
                case '\\' -> {
                    if (i + 1 < seg.length()) {
                        i++;
                        re.append(Pattern.quote(String.valueOf(seg.charAt(i))));
                    } else {
                        re.append("\\\\");
                    }
                }
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
            i++;
        }
        return re.toString();
    }

    private static int classEnd(String seg, int open) {
        int j = open + 1;
        if (j < seg.length() && (seg.charAt(j) == '!' || seg.charAt(j) == '^')) {
            j++;
        }
        if (j < seg.length() && seg.charAt(j) == ']') {
            j++;
        }
        while (j < seg.length()) {
            if (seg.charAt(j) == ']') {
                return j;
            }
            j++;
        }
        return -1;
    }

    private static String charClass(String inner) {
        StringBuilder re = new StringBuilder("[");
        int i = 0;
        if (!inner.isEmpty() && (inner.charAt(0) == '!' || inner.charAt(0) == '^')) {
            re.append('^');
            i = 1;
        }
        for (; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '-' && i > 0 && i < inner.length() - 1) {
                re.append('-');
            } else if (Character.isLetterOrDigit(c)) {
                re.append(c);
            } else {
                re.append('\\').append(c);
            }
        }
        if (re.charAt(re.length() - 1) == '^' && re.length() == 2) {
            return "[^/]";
        }
        re.append(']');
        return "(?!/)" + re;
    }
}
