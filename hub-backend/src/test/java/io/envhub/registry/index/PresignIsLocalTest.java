package io.envhub.registry.index;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.storage.MinioObjectStore;
import io.envhub.registry.storage.StorageConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Presigning is local computation: with the region configured, the MinIO SDK signs without asking the server, so a
 * download redirect costs no object-store round trip. Proven against an endpoint where nothing listens.
 */
class PresignIsLocalTest {
    @Test
    void presigningNeedsNoServer() {
        StorageConfig config = new StorageConfig() {
            @Override
            public String endpoint() {
                return "http://127.0.0.1:9";
            }

            @Override
            public java.util.Optional<String> publicEndpoint() {
                return java.util.Optional.of("http://hub-public.example:9000");
            }

            @Override
            public String accessKey() {
                return "nobody";
            }

            @Override
            public String secretKey() {
                return "nothing-secret";
            }

            @Override
            public String bucket() {
                return "no-bucket";
            }

            @Override
            public String region() {
                return "us-east-1";
            }

            @Override
            public Duration presignTtl() {
                return Duration.ofMinutes(5);
            }
        };
        MinioObjectStore store = new MinioObjectStore(config);
        long start = System.nanoTime();
        String url = store.presignedGet("artifacts/sha256/ab/abcdef", Duration.ofMinutes(5));
        long micros = (System.nanoTime() - start) / 1000;
        assertTrue(url.startsWith("http://hub-public.example:9000/no-bucket/artifacts/sha256/ab/abcdef?"), "signed for the public endpoint: " + url);
        assertTrue(url.contains("X-Amz-Signature="), url);
        for (int i = 0; i < 20_000; i++) {
            store.presignedGet("artifacts/sha256/ab/" + i, Duration.ofMinutes(5));
        }
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < 20_000; i++) {
            store.presignedGet("artifacts/sha256/cd/" + i, Duration.ofMinutes(5));
        }
        System.out.printf("presigned without a server: first %d us, then %.1f us of CPU each%n", micros,
                (threads.getCurrentThreadCpuTime() - cpu0) / 1000.0 / 20_000);
    }
}
