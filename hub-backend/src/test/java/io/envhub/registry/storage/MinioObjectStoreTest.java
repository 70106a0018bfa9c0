package io.envhub.registry.storage;

import java.nio.file.Path;

/** The MinIO-SDK store keeps every promise against S3Proxy with its filesystem backend (as the local stack runs it). */
class MinioObjectStoreTest extends ObjectStoreContract {
    @Override
    protected ObjectStore open(Path dir) throws Exception {
        return MinioStores.on(closeLater(MinioStores.filesystemServer(dir)));
    }
}
