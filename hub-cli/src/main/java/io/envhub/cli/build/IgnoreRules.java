package io.envhub.cli.build;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code .gitignore} rules that apply inside a project: one pattern list per directory that holds a
 * {@code .gitignore}. A deeper file overrides a shallower one, and within a file the last matching line wins,
 * as in git. Immutable; {@link #with} returns an extended copy.
 */
public final class IgnoreRules {

    /** The patterns of one {@code .gitignore}, relative to {@code base} ("" for the project root). */
    private record Scope(String base, List<IgnorePattern> patterns) {
    }

    private static final IgnoreRules EMPTY = new IgnoreRules(List.of());

    private final List<Scope> scopes;

    private IgnoreRules(List<Scope> scopes) {
        this.scopes = scopes;
    }

    /**
     * Returns rules without patterns.
     *
     * @return the empty rule set
     */
    public static IgnoreRules none() {
        return EMPTY;
    }

    /**
     * Parses a {@code .gitignore} text into rules for the project root.
     *
     * @param text file content
     * @return the rules
     */
    public static IgnoreRules parse(String text) {
        return EMPTY.with("", text);
    }

    /**
     * Adds the patterns of the {@code .gitignore} in directory {@code base}.
     *
     * @param base directory of the file relative to the project root, "" for the root, no trailing slash
     * @param text file content
     * @return the extended rules
     */
    public IgnoreRules with(String base, String text) {
        List<IgnorePattern> patterns = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            IgnorePattern.parse(line).ifPresent(patterns::add);
        }
        if (patterns.isEmpty()) {
            return this;
        }
        List<Scope> next = new ArrayList<>(scopes);
        next.add(new Scope(base, List.copyOf(patterns)));
        return new IgnoreRules(List.copyOf(next));
    }

    /**
     * Decides whether a path is ignored. Callers walk directories top-down and skip ignored directories, so a
     * file inside an ignored directory is never asked about (git cannot re-include it either).
     *
     * @param relativePath path relative to the project root, {@code /}-separated
     * @param isDirectory whether the path is a directory
     * @return true when the last matching pattern ignores the path
     */
    public boolean isIgnored(String relativePath, boolean isDirectory) {
        boolean ignored = false;
        for (Scope scope : scopes) {
            String sub;
            if (scope.base().isEmpty()) {
                sub = relativePath;
            } else if (relativePath.startsWith(scope.base() + "/")) {
                sub = relativePath.substring(scope.base().length() + 1);
            } else {
                continue;
            }
            for (IgnorePattern p : scope.patterns()) {
                if (p.matches(sub, isDirectory)) {
                    ignored = !p.negated();
                }
            }
        }
        return ignored;
    }

    /**
     * Decides whether a path or any of its parent directories matches (used for include patterns, where naming a
     * directory selects everything in it).
     *
     * @param relativePath file path relative to the project root
     * @return true when the last pattern matching the path or a parent is not negated
     */
    public boolean matchesPathOrParent(String relativePath) {
        String[] parts = relativePath.split("/");
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < parts.length - 1; i++) {
            if (i > 0) {
                prefix.append('/');
            }
            prefix.append(parts[i]);
            if (isIgnored(prefix.toString(), true)) {
                return true;
            }
        }
        return isIgnored(relativePath, false);
    }
}
