package io.envhub.registry.diff;

import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.format.archive.ZipEntryInfo;
import io.envhub.registry.storage.ObjectStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * One stored wheel opened for reading its members: copied once from the object store to a temporary file (deleted on
 * close) and read with {@link SafeZipReader}, so a hostile archive cannot hurt the server.
 */
final class WheelMembers implements AutoCloseable {
    private final Path temp;
    private final SafeZipReader zip;

    private WheelMembers(Path temp, SafeZipReader zip) {
        this.temp = temp;
        this.zip = zip;
    }

    static WheelMembers open(ObjectStore store, String objectKey) {
        Path temp = null;
        try {
            temp = Files.createTempFile("envhub-diff-", ".whl");
            try (InputStream in = store.get(objectKey)) {
                Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
            }
            return new WheelMembers(temp, SafeZipReader.open(temp, ArchiveLimits.DEFAULTS));
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temp);
            if (e instanceof IOException io) {
                throw new UncheckedIOException("cannot read " + objectKey, io);
            }
            throw (RuntimeException) e;
        }
    }

    /** The first {@code max} bytes of a member (empty when the wheel has no such file). */
    Optional<byte[]> head(String path, int max) {
        Optional<ZipEntryInfo> entry = zip.find(path).filter(e -> !e.isDirectory());
        if (entry.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = zip.openStream(entry.get())) {
            return Optional.of(in.readNBytes(max));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            zip.close();
        } catch (IOException ignored) {
            // the file goes anyway
        }
        deleteQuietly(temp);
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the temporary directory is cleaned by the system eventually
        }
    }
}
