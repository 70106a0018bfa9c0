package io.envhub.cli.build;

import io.envhub.format.hash.ContentHash;
import io.envhub.format.hash.Sha256;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.metadata.MetadataWriter;
import io.envhub.format.metadata.ProjectMetadata;
import io.envhub.format.pyproject.PyProject;
import io.envhub.format.pyproject.PyProjectReader;
import io.envhub.format.pyproject.Readme;
import io.envhub.format.wheel.WheelWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a reproducible {@code py3-none-any} wheel from a verifiers-style project directory, the way hatchling
 * would: {@code [tool.hatch.build.targets.wheel] packages}, {@code [tool.hatch.build] include} patterns, or by
 * convention the module named after the project ({@code <module>.py}, {@code <module>/__init__.py} or the same
 * under {@code src/}). Files come from {@link ProjectFiles} (so {@code .gitignore} applies). Nothing depends on
 * file times or the order the file system lists names in: the same tree gives the same bytes.
 */
public final class WheelBuilder {
    /** The {@code Generator} written to WHEEL; part of the bytes, so changing it changes every wheel's hash. */
    public static final String GENERATOR = "envhub-cli 0.1";

    private static final List<String> README_NAMES = List.of("README.md", "README.rst", "README.txt", "README");

    private WheelBuilder() {
    }

    /**
     * Builds the wheel into {@code DIR/dist/}.
     *
     * @param projectDir project directory (holds {@code pyproject.toml})
     * @return what was built
     */
    public static BuildResult build(Path projectDir) {
        return build(projectDir, projectDir.resolve("dist"));
    }

    /**
     * Builds the wheel into a directory.
     *
     * @param projectDir project directory (holds {@code pyproject.toml})
     * @param outDir where the wheel goes (created when missing)
     * @return what was built
     * @throws BuildException when the project cannot be built
     * @throws io.envhub.format.FormatException when pyproject.toml or the metadata is invalid
     */
    public static BuildResult build(Path projectDir, Path outDir) {
        Path root = projectDir.toAbsolutePath().normalize();
        Path pyprojectFile = root.resolve("pyproject.toml");
        if (!Files.isDirectory(root)) {
            throw new BuildException(projectDir + " is not a directory");
        }
        if (!Files.isRegularFile(pyprojectFile)) {
            throw new BuildException("no pyproject.toml in " + projectDir
                    + "; pass the project directory, or create a project with `envhub init NAME`");
        }
        List<String> warnings = new ArrayList<>();
        PyProject project = withConventionalReadme(PyProjectReader.read(pyprojectFile), root, warnings);
        CoreMetadata metadata = ProjectMetadata.from(project, root);
        ProjectFiles scanned = ProjectFiles.scan(root);
        for (String link : scanned.skippedLinks()) {
            warnings.add("left out symbolic link " + link);
        }
        WheelWriter writer = new WheelWriter(metadata).generator(GENERATOR);
        String distInfo = writer.fileName().distInfoDir();
        Map<String, String> payload = keepTopLevelClean(WheelLayout.select(project, scanned.files(), root), distInfo, warnings);
        Map<String, byte[]> hashed = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : payload.entrySet()) {
            byte[] bytes = read(root, e.getValue());
            writer.addFile(e.getKey(), bytes);
            hashed.put(e.getKey(), bytes);
        }
        if (project.license() != null && project.license().isFile()) {
            String file = project.license().file();
            writer.addFile(distInfo + "/licenses/" + file, read(root, file));
        }
        hashed.put(distInfo + "/METADATA", MetadataWriter.writeBytes(metadata));
        byte[] wheelBytes = writer.toBytes();
        Path target = write(outDir, writer.fileName().toString(), wheelBytes);
        String module = project.name().moduleName();
        boolean hasReadme = metadata.description() != null && !metadata.description().isBlank();
        return new BuildResult(project.name().original(), project.name().normalized(), project.version().toString(),
                target, wheelBytes.length, Sha256.hex(Sha256.digest(wheelBytes)), ContentHash.ofBytes(hashed),
                new ArrayList<>(payload.keySet()), new ArrayList<>(payload.values()), module, hasReadme, warnings);
    }

    /**
     * Files at the top level of a wheel land directly in site-packages, where every package's {@code pyproject.toml}
     * or README overwrites the others' (hatchling does this for {@code [tool.hatch.build] include = ["pyproject.toml"]}).
     * Only modules ({@code *.py}) and package directories stay there: {@code pyproject.toml} moves into the
     * {@code .dist-info} directory, any other top-level file is left out (the README is already the METADATA
     * description, the licence file is under {@code .dist-info/licenses}), each with a warning.
     */
    static Map<String, String> keepTopLevelClean(Map<String, String> payload, String distInfo, List<String> warnings) {
        Map<String, String> clean = new java.util.TreeMap<>(ContentHash.PATH_ORDER);
        for (Map.Entry<String, String> e : payload.entrySet()) {
            String path = e.getKey();
            if (path.contains("/") || path.endsWith(".py")) {
                clean.put(path, e.getValue());
            } else if (path.equals("pyproject.toml")) {
                clean.put(distInfo + "/pyproject.toml", e.getValue());
                warnings.add("pyproject.toml goes into " + distInfo + "/, not the top level of site-packages");
            } else {
                warnings.add("left out " + path + ": files at the top level of a wheel land in site-packages, outside the module");
            }
        }
        if (clean.isEmpty()) {
            throw new BuildException("nothing to package besides top-level project files " + payload.keySet()
                    + ": add the environment module (" + "<module>.py or <module>/__init__.py)");
        }
        return clean;
    }

    /** A project without {@code readme} gets its README file by convention, so the hub has a page to show. */
    private static PyProject withConventionalReadme(PyProject p, Path root, List<String> warnings) {
        if (p.readme() != null) {
            return p;
        }
        for (String name : README_NAMES) {
            if (Files.isRegularFile(root.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                String type = Readme.contentTypeFor(name).orElse("text/plain");
                return new PyProject(p.name(), p.version(), p.description(), p.keywords(), p.license(), p.dependencies(),
                        p.requiresPython(), new Readme(name, null, type), p.authors(), p.hatchInclude(), p.wheelPackages(),
                        p.verifiersEval());
            }
        }
        return p;
    }

    private static byte[] read(Path root, String rel) {
        Path file = root.resolve(rel).normalize();
        if (!file.startsWith(root) || Files.isSymbolicLink(file)) {
            throw new BuildException("'" + rel + "' is outside the project directory or a symbolic link");
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + rel + ": " + e.getMessage(), e);
        }
    }

    private static Path write(Path outDir, String fileName, byte[] bytes) {
        try {
            Files.createDirectories(outDir);
            Path target = outDir.resolve(fileName);
            Path tmp = Files.createTempFile(outDir, ".envhub-", ".whl.part");
            try {
                Files.write(tmp, bytes);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the wheel into " + outDir + ": " + e.getMessage(), e);
        }
    }
}
