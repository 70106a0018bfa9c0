package io.envhub.testsupport;

import io.envhub.stack.S3ProxyLauncher;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/** S3Proxy in the test JVM on a free port, filesystem backend in a temporary directory, bucket created. */
public class S3ProxyTestResource implements QuarkusTestResourceLifecycleManager {
    /** Credentials of the test object store. */
    public static final String ACCESS_KEY = "test-access";
    public static final String SECRET_KEY = "test-secret-key";
    public static final String BUCKET = "envhub-test";

    private S3ProxyLauncher proxy;
    private Path dir;

    @Override
    public Map<String, String> start() {
        try {
            dir = Files.createTempDirectory("envhub-s3-");
            proxy = S3ProxyLauncher.start(dir, 0, ACCESS_KEY, SECRET_KEY, BUCKET);
            return Map.of(
                    "ENVHUB_S3_ENDPOINT", proxy.endpoint().toString(),
                    "ENVHUB_S3_ACCESS_KEY", ACCESS_KEY,
                    "ENVHUB_S3_SECRET_KEY", SECRET_KEY,
                    "ENVHUB_S3_BUCKET", BUCKET,
                    "envhub.test.s3-dir", dir.toString());
        } catch (Exception e) {
            throw new IllegalStateException("cannot start S3Proxy: " + e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        try {
            if (proxy != null) {
                proxy.close();
            }
            if (dir != null) {
                try (Stream<Path> paths = Files.walk(dir)) {
                    for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        } catch (Exception e) {
            System.err.println("could not stop S3Proxy cleanly: " + e.getMessage());
        }
    }
}
