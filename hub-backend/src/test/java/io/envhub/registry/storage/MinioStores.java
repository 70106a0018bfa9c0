package io.envhub.registry.storage;

import io.envhub.stack.S3ProxyLauncher;
import io.envhub.testsupport.S3ProxyTestResource;
import java.time.Duration;
import java.util.Optional;

/** A {@link MinioObjectStore} talking to a running S3Proxy with the test credentials and bucket. */
final class MinioStores {
    private MinioStores() {
    }

    static MinioObjectStore on(S3ProxyLauncher server) {
        String endpoint = server.endpoint().toString();
        return new MinioObjectStore(new StorageConfig() {
            @Override
            public String endpoint() {
                return endpoint;
            }

            @Override
            public Optional<String> publicEndpoint() {
                return Optional.empty();
            }

            @Override
            public String accessKey() {
                return S3ProxyTestResource.ACCESS_KEY;
            }

            @Override
            public String secretKey() {
                return S3ProxyTestResource.SECRET_KEY;
            }

            @Override
            public String bucket() {
                return S3ProxyTestResource.BUCKET;
            }

            @Override
            public String region() {
                return "us-east-1";
            }

            @Override
            public Duration presignTtl() {
                return Duration.ofMinutes(5);
            }
        });
    }

    static S3ProxyLauncher filesystemServer(java.nio.file.Path dir) throws Exception {
        return S3ProxyLauncher.start(dir, 0, S3ProxyTestResource.ACCESS_KEY, S3ProxyTestResource.SECRET_KEY, S3ProxyTestResource.BUCKET);
    }

    static S3ProxyLauncher inMemoryServer() throws Exception {
        return S3ProxyLauncher.startInMemory(0, S3ProxyTestResource.ACCESS_KEY, S3ProxyTestResource.SECRET_KEY,
                S3ProxyTestResource.BUCKET);
    }
}
