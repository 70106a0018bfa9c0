package io.envhub.registry.storage;

import java.nio.file.Path;

/**
 * The MinIO-SDK store keeps every promise against a second S3 server behaviour, S3Proxy's in-memory backend: the store
 * relies on the S3 API only, not on one backend's quirks.
 */
class MinioObjectStoreInMemoryS3Test extends ObjectStoreContract {
    @Override
    protected ObjectStore open(Path dir) throws Exception {
        return MinioStores.on(closeLater(MinioStores.inMemoryServer()));
    }
}
