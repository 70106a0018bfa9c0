package io.envhub.registry.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every {@link ObjectStore} promises: bytes put under a key come back whole or by range, its size is known,
 * a missing object is an empty size and a {@link StorageException} on read, delete is idempotent, listing by prefix
 * returns every object with its size, and a presigned URL serves the object to anyone without credentials.
 * Each implementation's test is a subclass that only says how to open the store (against a real server); each test
 * works under a key prefix of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ObjectStoreContract {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final List<AutoCloseable> resources = new ArrayList<>();
    private Path dir;
    /** The store under test. */
    protected ObjectStore store;

    /**
     * Opens the implementation under test on a real server, registering what to close with {@link #closeLater}.
     *
     * @param dir an empty directory the store may use
     * @return the store, its bucket existing
     */
    protected abstract ObjectStore open(Path dir) throws Exception;

    /** Closes {@code resource} after the last test. */
    protected <T extends AutoCloseable> T closeLater(T resource) {
        resources.add(0, resource);
        return resource;
    }

    @BeforeAll
    void openStore() throws Exception {
        dir = Files.createTempDirectory("envhub-object-store-contract-");
        store = open(dir);
    }

    @AfterAll
    void closeStore() throws Exception {
        for (AutoCloseable r : resources) {
            r.close();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static String prefix() {
        return "contract/" + UUID.randomUUID() + "/";
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    private static byte[] read(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    @Test
    void storesBytesAndReadsThemBack() throws Exception {
        String key = prefix() + "a.whl";
        byte[] data = bytes(100_000);
        store.put(key, new ByteArrayInputStream(data), data.length, "application/zip");
        assertArrayEquals(data, read(store.get(key)));
        assertEquals(Optional.of((long) data.length), store.size(key));
    }

    @Test
    void storesAStreamOfUnknownLength() throws Exception {
        String key = prefix() + "unknown.bin";
        byte[] data = bytes(3 << 20);
        store.put(key, new ByteArrayInputStream(data), -1, "application/octet-stream");
        assertArrayEquals(data, read(store.get(key)));
        assertEquals(Optional.of((long) data.length), store.size(key));
    }

    @Test
    void storesALargeObjectOfKnownLengthWhole() throws Exception {
        String key = prefix() + "large.whl";
        byte[] data = bytes(20 << 20); // over a multipart part: one object whatever way it is sent
        store.put(key, new ByteArrayInputStream(data), data.length, "application/zip");
        assertArrayEquals(data, read(store.get(key)));
        assertEquals(Optional.of((long) data.length), store.size(key));
    }

    @Test
    void aStreamThatFailsBeforeItsLengthStoresNothing() {
        String key = prefix() + "failed.whl";
        byte[] data = bytes(1 << 20);
        InputStream failing = new InputStream() {
            private final ByteArrayInputStream first = new ByteArrayInputStream(data, 0, 600_000);

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = first.read(b, off, len);
                if (n < 0) {
                    throw new IOException("the upload was interrupted");
                }
                return n;
            }
        };
        assertThrows(StorageException.class, () -> store.put(key, failing, data.length, "application/zip"));
        assertEquals(Optional.empty(), store.size(key), "no object, not even a partial one");
    }

    @Test
    void aStreamShorterThanItsLengthStoresNothing() {
        String key = prefix() + "short.whl";
        byte[] data = bytes(300_000);
        assertThrows(StorageException.class,
                () -> store.put(key, new ByteArrayInputStream(data, 0, 200_000), data.length, "application/zip"));
        assertEquals(Optional.empty(), store.size(key));
    }

    @Test
    void storesAnEmptyObject() throws Exception {
        String key = prefix() + "empty";
        store.put(key, new ByteArrayInputStream(new byte[0]), 0, "application/octet-stream");
        assertEquals(Optional.of(0L), store.size(key));
        assertEquals(0, read(store.get(key)).length);
    }

    @Test
    void readsExactlyTheRequestedRange() throws Exception {
        String key = prefix() + "ranged.bin";
        byte[] data = bytes(10_000);
        store.put(key, new ByteArrayInputStream(data), data.length, "application/octet-stream");
        assertArrayEquals(Arrays.copyOfRange(data, 100, 150), read(store.get(key, 100, 50)));
        assertArrayEquals(Arrays.copyOfRange(data, 0, 1), read(store.get(key, 0, 1)));
        assertArrayEquals(Arrays.copyOfRange(data, 9_990, 10_000), read(store.get(key, 9_990, 10)));
    }

    @Test
    void aMissingObjectHasNoSizeAndCannotBeRead() {
        String key = prefix() + "missing";
        assertEquals(Optional.empty(), store.size(key));
        assertThrows(StorageException.class, () -> read(store.get(key)));
        assertThrows(StorageException.class, () -> read(store.get(key, 0, 10)));
    }

    @Test
    void deleteRemovesTheObjectAndMayBeRepeated() throws Exception {
        String key = prefix() + "gone";
        store.put(key, new ByteArrayInputStream(bytes(10)), 10, "application/octet-stream");
        store.delete(key);
        assertEquals(Optional.empty(), store.size(key));
        assertThrows(StorageException.class, () -> read(store.get(key)));
        store.delete(key);
        store.delete(prefix() + "never-stored");
    }

    @Test
    void listsEveryObjectUnderAPrefixWithItsSize() {
        String prefix = prefix();
        Instant before = Instant.now().minusSeconds(60);
        store.put(prefix + "a/one", new ByteArrayInputStream(bytes(3)), 3, "application/octet-stream");
        store.put(prefix + "a/deeper/two", new ByteArrayInputStream(bytes(5)), 5, "application/octet-stream");
        store.put(prefix + "b/three", new ByteArrayInputStream(bytes(7)), 7, "application/octet-stream");
        List<ObjectStore.StoredObject> listed = new ArrayList<>(store.list(prefix + "a/"));
        listed.sort(Comparator.comparing(ObjectStore.StoredObject::key));
        assertEquals(List.of(prefix + "a/deeper/two", prefix + "a/one"), listed.stream().map(ObjectStore.StoredObject::key).toList());
        assertEquals(List.of(5L, 3L), listed.stream().map(ObjectStore.StoredObject::size).toList());
        assertTrue(listed.stream().allMatch(o -> o.lastModified().isAfter(before)), listed.toString());
        assertEquals(3, store.list(prefix).size());
        assertEquals(List.of(), store.list(prefix + "c/"));
    }

    @Test
    void aPresignedUrlServesTheObjectWithoutCredentials() throws Exception {
        String key = prefix() + "signed.whl";
        byte[] data = bytes(2_000);
        store.put(key, new ByteArrayInputStream(data), data.length, "application/zip");

        HttpResponse<byte[]> plain = get(store.presignedGet(key, Duration.ofMinutes(5)));
        assertEquals(200, plain.statusCode());
        assertArrayEquals(data, plain.body());
        assertEquals(Optional.of("application/zip"), plain.headers().firstValue("Content-Type"));

        HttpResponse<byte[]> named = get(store.presignedGet(key, Duration.ofMinutes(5), "reverse_text-0.1.4-py3-none-any.whl"));
        assertEquals(200, named.statusCode());
        assertArrayEquals(data, named.body());
        assertEquals(Optional.of("attachment; filename=\"reverse_text-0.1.4-py3-none-any.whl\""),
                named.headers().firstValue("Content-Disposition"));

        String other = prefix() + "other.whl";
        store.put(other, new ByteArrayInputStream(data), data.length, "application/zip");
        String forged = store.presignedGet(key, Duration.ofMinutes(5)).replace(key, other);
        assertEquals(403, get(forged).statusCode(), "a signature covers one key only");
    }

    @Test
    void isReachable() {
        assertTrue(store.isReachable());
    }

    private static HttpResponse<byte[]> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
