package io.envhub.format.hash;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Deterministic SHA-256 of a set of project files.
 *
 * <p>The digest covers, in order: the ASCII tag {@code envhub-content-hash-v1} and a zero byte, the number of
 * files, then for each file sorted by the UTF-8 bytes of its relative path: the path length, the path bytes,
 * the content length and the SHA-256 of the content (lengths are 8-byte big-endian). Length prefixes and the
 * fixed-size content digests make the framing unambiguous, and files are streamed, never held in memory.
 * Paths use {@code /} separators and must be relative, without {@code .} or {@code ..} segments.
 * Nothing is ignored here: callers choose the file list.
 */
public final class ContentHash {

    private static final byte[] TAG = "envhub-content-hash-v1\0".getBytes(StandardCharsets.US_ASCII);

    /** Orders paths by their UTF-8 bytes (unsigned), independent of locale and platform. */
    public static final Comparator<String> PATH_ORDER = (a, b) -> Arrays.compareUnsigned(
            a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

    private ContentHash() {
    }

    /** Supplies the content of one file. */
    @FunctionalInterface
    public interface ContentSource {
        /**
         * Opens the content of a file.
         *
         * @param relativePath path as given to the hash
         * @return a stream the hash reads to the end and closes
         * @throws IOException when the content cannot be read
         */
        InputStream open(String relativePath) throws IOException;
    }

    /**
     * Hashes files of a directory.
     *
     * @param root project directory
     * @param relativePaths files to include, with {@code /} separators, in any order
     * @return lower-case hex SHA-256
     * @throws IllegalArgumentException for an invalid or duplicate path
     * @throws UncheckedIOException when a file cannot be read
     */
    public static String ofDirectory(Path root, Collection<String> relativePaths) {
        List<String> sorted = new ArrayList<>(relativePaths);
        sorted.sort(PATH_ORDER);
        return ofSorted(sorted, rel -> Files.newInputStream(root.resolve(rel)));
    }

    /**
     * Hashes an already sorted list of files whose content comes from {@code source}.
     *
     * @param sortedPaths relative paths sorted by {@link #PATH_ORDER}, without duplicates
     * @param source supplies each file's bytes
     * @return lower-case hex SHA-256
     * @throws IllegalArgumentException when the list is not strictly sorted or a path is invalid
     * @throws UncheckedIOException when a file cannot be read
     */
    public static String ofSorted(List<String> sortedPaths, ContentSource source) {
        MessageDigest digest = Sha256.newDigest();
        digest.update(TAG);
        digest.update(longBytes(sortedPaths.size()));
        String previous = null;
        byte[] buffer = new byte[64 * 1024];
        for (String path : sortedPaths) {
            checkPath(path);
            if (previous != null && PATH_ORDER.compare(previous, path) >= 0) {
                throw new IllegalArgumentException("paths are not strictly sorted: '" + previous + "' then '" + path + "'");
            }
            previous = path;
            byte[] name = path.getBytes(StandardCharsets.UTF_8);
            digest.update(longBytes(name.length));
            digest.update(name);
            MessageDigest file = Sha256.newDigest();
            long size = 0;
            try (InputStream in = source.open(path)) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    file.update(buffer, 0, n);
                    size += n;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read '" + path + "'", e);
            }
            digest.update(longBytes(size));
            digest.update(file.digest());
        }
        return Sha256.hex(digest.digest());
    }

    /**
     * Hashes in-memory files.
     *
     * @param files relative path to content; sorted by {@link #PATH_ORDER} before hashing
     * @return lower-case hex SHA-256
     */
    public static String ofBytes(Map<String, byte[]> files) {
        List<String> sorted = new ArrayList<>(files.keySet());
        sorted.sort(PATH_ORDER);
        return ofSorted(sorted, rel -> new ByteArrayInputStream(files.get(rel)));
    }

    private static void checkPath(String path) {
        if (path.isEmpty() || path.startsWith("/") || path.endsWith("/") || path.indexOf('\\') >= 0
                || path.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("not a relative '/'-separated file path: '" + path + "'");
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("path '" + path + "' has an empty, '.' or '..' segment");
            }
        }
    }

    private static byte[] longBytes(long value) {
        return ByteBuffer.allocate(Long.BYTES).putLong(value).array();
    }
}
