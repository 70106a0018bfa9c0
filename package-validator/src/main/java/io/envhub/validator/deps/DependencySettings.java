package io.envhub.validator.deps;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where and how the validator resolves a wheel's dependencies before the sandbox run.
 *
 * @param indexTemplate simple index URL with {@code {owner}} for the job's owner, e.g.
 *     {@code http://127.0.0.1:8081/simple/{owner}/} (the hub's own index, which falls back upstream)
 * @param cacheDir shared, content-addressed cache of downloaded wheels ({@code <sha256>/<file name>})
 * @param cacheMaxBytes the cache's size cap; least recently used wheels are evicted beyond it
 * @param timeoutSeconds wall clock of one resolution (pip) and of one download
 * @param python the interpreter whose pip resolves (outside the sandbox, metadata only: wheels, never sdists)
 */
public record DependencySettings(String indexTemplate, Path cacheDir, long cacheMaxBytes, int timeoutSeconds, String python) {
    /**
     * Checks the values.
     *
     * @param indexTemplate index URL template
     * @param cacheDir cache directory
     * @param cacheMaxBytes cache cap
     * @param timeoutSeconds time limit
     * @param python interpreter
     */
    public DependencySettings {
        Objects.requireNonNull(indexTemplate, "indexTemplate");
        Objects.requireNonNull(cacheDir, "cacheDir");
        Objects.requireNonNull(python, "python");
        if (cacheMaxBytes < 1 || timeoutSeconds < 1) {
            throw new IllegalArgumentException("dependency settings out of range");
        }
    }

    /**
     * The index of one owner.
     *
     * @param owner the job's owner
     * @return the URL
     */
    public String indexFor(String owner) {
        return indexTemplate.replace("{owner}", owner);
    }
}
