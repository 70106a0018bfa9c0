package io.envhub.registry.publish;

import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.Version;

/**
 * An uploaded wheel that passed every check: safe archive, RECORD hashes, metadata, file name.
 *
 * @param filesJson the members as JSON {@code [{"path","size","sha256"}]}
 */
record InspectedWheel(String filename, String sha256, long size, ProjectName name, Version version, CoreMetadata metadata,
                      String metadataText, String metadataSha256, String filesJson) {
}
