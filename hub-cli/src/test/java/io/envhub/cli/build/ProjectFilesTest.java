package io.envhub.cli.build;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectFilesTest {
    @TempDir
    Path dir;

    private void write(String rel, String text) throws IOException {
        Path p = dir.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    private void tree() throws IOException {
        write(".gitignore", String.join("\n", "# generated", "*.log", "/out/", "data/", "!data/keep.txt", "cache/**",
                "**/tmp", "notes[0-9].md", "sub/**/deep.txt", "*.bak", "!important.bak", "") + "\n");
        for (String f : List.of("pkg/__init__.py", "pkg/core.py", "a.log", "pkg/b.log", "out/x.py", "pkg/out/y.py",
                "data/keep.txt", "data/big.bin", "cache/c.txt", "pkg/tmp", "x/tmp/inner.py", "notes1.md", "notes.md",
                "sub/deep.txt", "sub/a/b/deep.txt", "old.bak", "important.bak", "README.md",
                "nested/.gitignore", "nested/keep.py", "nested/skip.py", "nested/inner/skip.py", "nested/x.log")) {
            write(f, "content of " + f + "\n");
        }
        write("nested/.gitignore", "skip.py\n!x.log\n");
    }

    @Test
    void sameFilesAsGitLeavesUntracked() throws Exception {
        tree();
        Prerequisites.require(run(List.of("git", "--version")) != null, "git");
        assertEquals(0, exec(List.of("git", "init", "-q")));
        String listed = run(List.of("git", "ls-files", "--others", "--exclude-standard"));
        Set<String> expected = new TreeSet<>(Arrays.asList(listed.strip().split("\n")));
        expected.removeIf(p -> p.equals(".gitignore") || p.endsWith("/.gitignore"));
        assertEquals(expected, new TreeSet<>(ProjectFiles.scan(dir).files()));
    }

    @Test
    void knownAnswer() throws IOException {
        tree();
        assertEquals(List.of("README.md", "important.bak", "nested/keep.py", "nested/x.log", "notes.md", "pkg/__init__.py",
                "pkg/core.py", "pkg/out/y.py"), ProjectFiles.scan(dir).files());
    }

    @Test
    void builtInExclusions() throws IOException {
        for (String f : List.of("m.py", ".env", ".hidden/x.py", "dist/m-0.1.whl", "build/lib/m.py", "pkg/build/keep.py",
                "pkg/__pycache__/m.cpython-311.pyc", "pkg/m.pyc", "m.egg-info/PKG-INFO", "pkg/dist/keep.py")) {
            write(f, "x");
        }
        assertEquals(List.of("m.py", "pkg/build/keep.py", "pkg/dist/keep.py"), ProjectFiles.scan(dir).files());
    }

    @Test
    void symbolicLinksAreReportedNotFollowed() throws IOException {
        write("m.py", "x");
        Path outside = Files.createTempFile("envhub-outside", ".py");
        try {
            Files.createSymbolicLink(dir.resolve("link.py"), outside);
            ProjectFiles pf = ProjectFiles.scan(dir);
            assertEquals(List.of("m.py"), pf.files());
            assertEquals(List.of("link.py"), pf.skippedLinks());
        } finally {
            Files.deleteIfExists(outside);
        }
    }

    private int exec(List<String> cmd) throws IOException, InterruptedException {
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start().waitFor();
    }

    private String run(List<String> cmd) {
        try {
            List<String> full = new ArrayList<>(cmd);
            Process p = new ProcessBuilder(full).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor() == 0 ? out : null;
        } catch (IOException | InterruptedException e) {
            return null;
        }
    }
}
