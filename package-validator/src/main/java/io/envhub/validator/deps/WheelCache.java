package io.envhub.validator.deps;

import io.envhub.format.hash.Sha256;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * A shared, content-addressed cache of dependency wheels: {@code <dir>/<sha256>/<file name>}, written once (downloaded
 * to a temporary file, hash checked, then moved into place), shared by every job and every worker on the host.
 * Entries are keyed by the hash the owner's index announced, so a wheel of the same file name from another index is
 * another entry (no cross-owner poisoning). Beyond the size cap the least recently used entries are evicted.
 */
final class WheelCache {
    private static final Logger LOG = Logger.getLogger(WheelCache.class);
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern WHEEL = Pattern.compile("[A-Za-z0-9_.+!-]+\\.whl");

    private final Path dir;
    private final long maxBytes;
    private final Duration timeout;
    private final HttpClient http;

    WheelCache(Path dir, long maxBytes, Duration timeout) {
        this.dir = dir;
        this.maxBytes = maxBytes;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    /**
     * The cached wheel for a download, fetched when absent.
     *
     * @param url where the wheel is (redirects followed)
     * @param filename the wheel's file name
     * @param sha256 the hash the index announced, or null (then the content's own hash keys it)
     * @return the cached file
     * @throws IOException when the download fails or its hash differs
     */
    Path get(String url, String filename, String sha256) throws IOException {
        if (!WHEEL.matcher(filename).matches()) {
            throw new IOException("not a wheel file name: " + filename);
        }
        Files.createDirectories(dir);
        if (sha256 != null && HEX.matcher(sha256).matches()) {
            Path hit = dir.resolve(sha256).resolve(filename);
            if (Files.isRegularFile(hit)) {
                Files.setLastModifiedTime(hit, FileTime.fromMillis(System.currentTimeMillis()));
                return hit;
            }
        }
        Path tmp = Files.createTempFile(dir, ".download-", ".part");
        try {
            HttpResponse<Path> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.ofFile(tmp));
            if (r.statusCode() != 200) {
                throw new IOException("downloading " + filename + " answered " + r.statusCode());
            }
            String actual = sha256(tmp);
            if (sha256 != null && !sha256.equals(actual)) {
                throw new IOException(filename + " has sha256 " + actual + ", the index announced " + sha256);
            }
            Path entryDir = dir.resolve(actual);
            Files.createDirectories(entryDir);
            Files.setPosixFilePermissions(entryDir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path target = entryDir.resolve(filename);
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                // another job stored the same bytes first
                LOG.debugf("cache entry %s already present", target);
            }
            evict(Set.of(target));
            return target;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while downloading " + filename, e);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Puts a cached wheel into a job's directory (a hard link, else a copy), readable by the sandbox uid. */
    static Path place(Path cached, Path jobDir) {
        try {
            Path target = jobDir.resolve(cached.getFileName().toString());
            try {
                Files.createLink(target, cached);
            } catch (IOException | UnsupportedOperationException e) {
                Files.copy(cached, target, StandardCopyOption.REPLACE_EXISTING);
                Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot place " + cached + " into " + jobDir, e);
        }
    }

    /** Total bytes cached. */
    long size() throws IOException {
        long total = 0;
        for (Path p : entries()) {
            total += Files.size(p);
        }
        return total;
    }

    /** Removes least recently used entries until the cache fits its cap (never one of {@code keep}). */
    void evict(Set<Path> keep) throws IOException {
        List<Path> files = entries();
        long total = 0;
        for (Path p : files) {
            total += Files.size(p);
        }
        if (total <= maxBytes) {
            return;
        }
        files.sort(Comparator.comparing(WheelCache::mtime));
        for (Path p : files) {
            if (total <= maxBytes) {
                break;
            }
            if (keep.contains(p)) {
                continue;
            }
            long size = Files.size(p);
            Files.deleteIfExists(p);
            try {
                Files.deleteIfExists(p.getParent());
            } catch (DirectoryNotEmptyException e) {
                // another file name with the same bytes
                LOG.debugf("kept %s", p.getParent());
            }
            total -= size;
            LOG.infof("dependency cache over %d bytes: evicted %s", maxBytes, p.getFileName());
        }
    }

    private List<Path> entries() throws IOException {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> walk = Files.walk(dir, 2)) {
            walk.filter(p -> p.getNameCount() == dir.getNameCount() + 2 && Files.isRegularFile(p)
                    && HEX.matcher(p.getParent().getFileName().toString()).matches()).forEach(out::add);
        }
        return out;
    }

    private static FileTime mtime(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static String sha256(Path file) throws IOException {
        MessageDigest digest = Sha256.newDigest();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[65536];
            for (int n = in.read(buf); n > 0; n = in.read(buf)) {
                digest.update(buf, 0, n);
            }
        }
        return Sha256.hex(digest.digest());
    }
}
