package io.envhub.registry.version;

/**
 * Fired synchronously by {@link VersionChangeService#delete} in the deleting transaction, once the version's locks are
 * held and before its rows go: observers delete what hangs off the version (its evaluation runs and their objects).
 *
 * @param versionId the version being deleted
 */
public record VersionDeleting(long versionId) {
}
