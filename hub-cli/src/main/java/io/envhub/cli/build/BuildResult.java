package io.envhub.cli.build;

import java.nio.file.Path;
import java.util.List;

/**
 * A wheel built from a project directory.
 *
 * @param name project name as written in {@code pyproject.toml}
 * @param normalizedName PEP 503 name, as used in URLs
 * @param version canonical version
 * @param wheel path of the written wheel
 * @param size wheel size in bytes
 * @param sha256 lower-case hex SHA-256 of the wheel file
 * @param contentHash {@link io.envhub.format.hash.ContentHash} of the wheel's payload files and METADATA
 * @param files payload files in the wheel (wheel paths, without the {@code .dist-info} files)
 * @param sources project files the payload came from, in the same order as {@code files}
 * @param module the import name the hub loads ({@code load_environment} lives there)
 * @param hasReadme whether the metadata carries a README body
 * @param warnings things the author should know (links left out, README taken by convention, ...)
 */
public record BuildResult(String name, String normalizedName, String version, Path wheel, long size, String sha256,
                          String contentHash, List<String> files, List<String> sources, String module, boolean hasReadme,
                          List<String> warnings) {

    /**
     * Copies the lists.
     *
     * @param name name
     * @param normalizedName normalized name
     * @param version version
     * @param wheel wheel path
     * @param size size
     * @param sha256 file hash
     * @param contentHash content hash
     * @param files wheel paths
     * @param sources source paths
     * @param module module
     * @param hasReadme readme present
     * @param warnings warnings
     */
    public BuildResult {
        files = List.copyOf(files);
        sources = List.copyOf(sources);
        warnings = List.copyOf(warnings);
    }

    /**
     * Returns the wheel's file name.
     *
     * @return e.g. {@code reverse_text-0.1.4-py3-none-any.whl}
     */
    public String filename() {
        return wheel.getFileName().toString();
    }
}
