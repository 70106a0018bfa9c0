package io.envhub.format.metadata;

import io.envhub.format.pyproject.License;
import io.envhub.format.pyproject.Person;
import io.envhub.format.pyproject.PyProject;
import io.envhub.format.pyproject.Readme;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Derives core metadata from a {@link PyProject}, the way a build backend does. */
public final class ProjectMetadata {

    private ProjectMetadata() {
    }

    /**
     * Builds metadata. The readme file (if any) is read from the project directory and becomes the body; a
     * license file is recorded as a {@code License-File} header.
     *
     * @param project the parsed project
     * @param projectDir directory holding {@code pyproject.toml}; may be null when the readme is inline or absent
     * @return the metadata
     * @throws MetadataException when the readme file escapes the project directory or cannot be read
     */
    public static CoreMetadata from(PyProject project, Path projectDir) {
        String license = null;
        List<MetadataField> other = new ArrayList<>();
        License lic = project.license();
        if (lic != null) {
            if (lic.isFile()) {
                other.add(new MetadataField("License-File", lic.file()));
            } else {
                license = lic.text();
            }
        }
        String description = null;
        String contentType = null;
        Readme readme = project.readme();
        if (readme != null) {
            contentType = readme.contentType();
            description = readme.text() != null ? readme.text() : readFile(projectDir, readme.file());
        }
        List<String> names = new ArrayList<>();
        List<String> emails = new ArrayList<>();
        for (Person p : project.authors()) {
            if (p.email() == null) {
                names.add(p.name());
            } else {
                emails.add(p.name() == null ? p.email() : p.name() + " <" + p.email() + ">");
            }
        }
        return new CoreMetadata(CoreMetadata.DEFAULT_METADATA_VERSION, project.name().original(),
                project.version().toString(), project.description(), project.keywords(), license,
                project.requiresPython(), project.dependencies(),
                names.isEmpty() ? null : String.join(", ", names),
                emails.isEmpty() ? null : String.join(", ", emails),
                contentType, description, other);
    }

    private static String readFile(Path projectDir, String relative) {
        if (projectDir == null) {
            throw new MetadataException(MetadataException.IO, "readme file '" + relative + "' needs a project directory");
        }
        Path root = projectDir.toAbsolutePath().normalize();
        Path file = root.resolve(relative).normalize();
        if (!file.startsWith(root)) {
            throw new MetadataException(MetadataException.INVALID_FIELD,
                    "readme file '" + relative + "' is outside the project directory");
        }
        try {
            if (!file.toRealPath().startsWith(root.toRealPath())) {
                throw new MetadataException(MetadataException.INVALID_FIELD,
                        "readme file '" + relative + "' resolves outside the project directory");
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new MetadataException(MetadataException.IO, "cannot read readme file '" + relative + "': " + e, e);
        }
    }
}
