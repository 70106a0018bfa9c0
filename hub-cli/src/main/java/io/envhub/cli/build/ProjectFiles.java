package io.envhub.cli.build;

import io.envhub.format.hash.ContentHash;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of a project directory that may go into a wheel: everything except what {@code .gitignore} files
 * (the root one and nested ones) ignore, dotfiles and dot-directories, {@code dist/} and {@code build/} at the
 * root, {@code __pycache__}, {@code *.pyc}/{@code *.pyo} and {@code *.egg-info}. Symbolic links are never
 * followed; they are reported instead.
 *
 * @param files relative {@code /}-separated file paths, sorted by {@link ContentHash#PATH_ORDER}
 * @param skippedLinks symbolic links that were left out
 */
public record ProjectFiles(List<String> files, List<String> skippedLinks) {

    /**
     * Copies the lists.
     *
     * @param files files
     * @param skippedLinks links left out
     */
    public ProjectFiles {
        files = List.copyOf(files);
        skippedLinks = List.copyOf(skippedLinks);
    }

    /**
     * Scans a project directory.
     *
     * @param root the project directory
     * @return the candidate files
     * @throws UncheckedIOException when a directory cannot be listed
     */
    public static ProjectFiles scan(Path root) {
        List<String> files = new ArrayList<>();
        List<String> links = new ArrayList<>();
        try {
            walk(root, "", IgnoreRules.none(), files, links);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the project directory " + root + ": " + e.getMessage(), e);
        }
        files.sort(ContentHash.PATH_ORDER);
        links.sort(ContentHash.PATH_ORDER);
        return new ProjectFiles(files, links);
    }

    /**
     * Tells whether a name is always left out, whatever {@code .gitignore} says.
     *
     * @param name file or directory name
     * @param isDirectory whether it is a directory
     * @param atRoot whether it sits directly in the project directory
     * @return true for built-in exclusions
     */
    public static boolean alwaysExcluded(String name, boolean isDirectory, boolean atRoot) {
        if (name.startsWith(".") || name.endsWith(".egg-info")) {
            return true;
        }
        if (isDirectory) {
            return name.equals("__pycache__") || atRoot && (name.equals("dist") || name.equals("build"));
        }
        return name.endsWith(".pyc") || name.endsWith(".pyo");
    }

    private static void walk(Path dir, String rel, IgnoreRules inherited, List<String> files, List<String> links)
            throws IOException {
        IgnoreRules rules = inherited;
        Path gitignore = dir.resolve(".gitignore");
        if (Files.isRegularFile(gitignore, LinkOption.NOFOLLOW_LINKS)) {
            rules = rules.with(rel, Files.readString(gitignore, StandardCharsets.UTF_8));
        }
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(children::add);
        }
        children.sort((a, b) -> ContentHash.PATH_ORDER.compare(a.getFileName().toString(), b.getFileName().toString()));
        for (Path child : children) {
            String name = child.getFileName().toString();
            String path = rel.isEmpty() ? name : rel + "/" + name;
            if (Files.isSymbolicLink(child)) {
                if (!alwaysExcluded(name, false, rel.isEmpty()) && !rules.isIgnored(path, Files.isDirectory(child))) {
                    links.add(path);
                }
                continue;
            }
            boolean isDir = Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS);
            if (alwaysExcluded(name, isDir, rel.isEmpty()) || rules.isIgnored(path, isDir)) {
                continue;
            }
            if (isDir) {
                walk(child, path, rules, files, links);
            } else if (Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS)) {
                files.add(path);
            }
        }
    }
}
