package io.envhub.stack;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;

/**
 * Runs S3Proxy (a real S3 API server that verifies SigV2/V4 signatures and presigned URLs) in this JVM,
 * with its filesystem backend, and creates the bucket on first start.
 */
public final class S3ProxyLauncher implements AutoCloseable {
    private final S3Proxy proxy;
    private final URI endpoint;

    private S3ProxyLauncher(S3Proxy proxy, URI endpoint) {
        this.proxy = proxy;
        this.endpoint = endpoint;
    }

    /**
     * Starts the server.
     *
     * @param baseDir directory that holds the buckets (created when missing)
     * @param port port on 127.0.0.1; 0 for any free port
     */
    public static S3ProxyLauncher start(Path baseDir, int port, String accessKey, String secretKey, String bucket)
            throws Exception {
        Files.createDirectories(baseDir);
        Properties props = new Properties();
        props.setProperty("jclouds.filesystem.basedir", baseDir.toAbsolutePath().toString());
        return start(BlobStores.create("filesystem", props), port, accessKey, secretKey, bucket);
    }

    /**
     * Starts the server with S3Proxy's in-memory backend (objects are lost when it stops); for tests.
     *
     * @param port port on 127.0.0.1; 0 for any free port
     */
    public static S3ProxyLauncher startInMemory(int port, String accessKey, String secretKey, String bucket) throws Exception {
        return start(BlobStores.create("transient", new Properties()), port, accessKey, secretKey, bucket);
    }

    private static S3ProxyLauncher start(BlobStore store, int port, String accessKey, String secretKey, String bucket)
            throws Exception {
        int chosen = port > 0 ? port : Ports.free();
        URI endpoint = URI.create("http://127.0.0.1:" + chosen);
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(store)
                .endpoint(endpoint)
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
                .build();
        proxy.start();
        long deadline = System.currentTimeMillis() + 30_000;
        while (!"STARTED".equals(proxy.getState())) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("S3Proxy did not start: " + proxy.getState());
            }
            Thread.sleep(20);
        }
        if (!store.containerExists(bucket)) {
            store.createContainer(bucket);
        }
        return new S3ProxyLauncher(proxy, endpoint);
    }

    /** The server's base URL. */
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
    }
}
