package io.envhub.format.archive;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads an untrusted zip archive without {@link java.util.zip.ZipFile}.
 *
 * <p>{@link #open} parses the end-of-central-directory record, the central directory and every local header,
 * and refuses (with an {@link ArchiveException} naming the entry) unsafe names, symlinks and special files,
 * duplicates, header disagreements, overlapping entries, encryption, methods other than stored and deflate,
 * zip64, and archives whose declared sizes break the {@link ArchiveLimits}. Content is then read through
 * {@link #openStream}, which counts the bytes actually inflated against the same limits (the total budget is
 * shared by all reads of this reader, so reading an entry twice counts twice) and verifies sizes and CRC-32.
 *
 * <p>Instances are not thread-safe.
 */
public final class SafeZipReader implements Closeable {

    private final SeekableByteChannel channel;
    private final ArchiveLimits limits;
    private final List<ZipEntryInfo> entries;
    private long inflated;

    private SafeZipReader(SeekableByteChannel channel, ArchiveLimits limits, List<ZipEntryInfo> entries) {
        this.channel = channel;
        this.limits = limits;
        this.entries = List.copyOf(entries);
    }

    /**
     * Opens and validates an archive file.
     *
     * @param file the archive
     * @param limits limits to enforce
     * @return an open reader; close it
     * @throws ArchiveException when the archive is unreadable, malformed or unsafe
     */
    public static SafeZipReader open(Path file, ArchiveLimits limits) {
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new ArchiveException(ArchiveException.IO, null, "cannot open " + file + ": " + e.getMessage(), e);
        }
        return open(channel, limits);
    }

    /**
     * Validates an archive read from a channel. The reader takes ownership of the channel and closes it when it
     * is closed or when validation fails.
     *
     * @param channel the archive bytes
     * @param limits limits to enforce
     * @return an open reader; close it
     * @throws ArchiveException when the archive is unreadable, malformed or unsafe
     */
    public static SafeZipReader open(SeekableByteChannel channel, ArchiveLimits limits) {
        Objects.requireNonNull(limits, "limits");
        try {
            return new SafeZipReader(channel, limits, ZipStructureReader.read(channel, limits));
        } catch (IOException e) {
            closeQuietly(channel);
            throw new ArchiveException(ArchiveException.IO, null, "cannot read archive: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    /**
     * Returns every entry, in central directory order.
     *
     * @return entries, including directory entries
     */
    public List<ZipEntryInfo> entries() {
        return entries;
    }

    /**
     * Finds an entry by exact name.
     *
     * @param name entry name
     * @return the entry, if present
     */
    public Optional<ZipEntryInfo> find(String name) {
        return entries.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /**
     * Opens the content of an entry. The stream throws {@link ArchiveException} when a limit is exceeded or the
     * content disagrees with its declared size or CRC-32 (checked when the end is reached).
     *
     * @param entry an entry of this reader
     * @return content stream
     */
    public InputStream openStream(ZipEntryInfo entry) {
        if (!entries.contains(entry)) {
            throw new IllegalArgumentException("entry '" + entry.name() + "' does not belong to this archive");
        }
        return new EntryInputStream(this, channel, entry, limits);
    }

    /**
     * Reads the whole content of an entry, verified.
     *
     * @param entry an entry of this reader
     * @return content bytes
     * @throws ArchiveException when a limit is exceeded or the content is corrupt
     * @throws UncheckedIOException when the archive cannot be read
     */
    public byte[] readAllBytes(ZipEntryInfo entry) {
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(entry.uncompressedSize(), 1 << 20));
        try (InputStream in = openStream(entry)) {
            in.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read entry '" + entry.name() + "'", e);
        }
        return out.toByteArray();
    }

    /**
     * Returns how many bytes this reader has inflated so far.
     *
     * @return bytes produced by all reads
     */
    public long inflatedBytes() {
        return inflated;
    }

    /**
     * Returns the limits this reader enforces.
     *
     * @return limits
     */
    public ArchiveLimits limits() {
        return limits;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** Adds produced bytes to the archive-wide budget. */
    void charge(String entryName, long bytes) {
        inflated += bytes;
        if (inflated > limits.maxTotalUncompressed()) {
            throw new ArchiveException(ArchiveException.TOO_LARGE, entryName,
                    "archive inflates to more than the limit of " + limits.maxTotalUncompressed() + " bytes in total");
        }
    }

    private static void closeQuietly(Closeable c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // the original failure is what matters
        }
    }
}
