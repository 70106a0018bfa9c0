package io.envhub.format.archive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Streams the content of one entry, counting the bytes actually produced. It stops as soon as a limit is
 * exceeded or the entry produces more than its declared size, and verifies size, CRC-32 and the end of the
 * deflate stream when the content ends.
 */
final class EntryInputStream extends InputStream {

    private static final int CHUNK = 64 * 1024;

    private final SafeZipReader reader;
    private final SeekableByteChannel channel;
    private final ZipEntryInfo entry;
    private final ArchiveLimits limits;
    private final Inflater inflater;
    private final CRC32 crc = new CRC32();
    private final ByteBuffer input;
    private long position;
    private long compressedLeft;
    private long produced;
    private boolean done;

    EntryInputStream(SafeZipReader reader, SeekableByteChannel channel, ZipEntryInfo entry, ArchiveLimits limits) {
        this.reader = reader;
        this.channel = channel;
        this.entry = entry;
        this.limits = limits;
        this.position = entry.dataOffset();
        this.compressedLeft = entry.compressedSize();
        boolean deflated = entry.method() == ZipEntryInfo.DEFLATED;
        this.inflater = deflated ? new Inflater(true) : null;
        this.input = deflated ? ByteBuffer.allocate(CHUNK) : null;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (done) {
            return -1;
        }
        int want = Math.min(len, CHUNK);
        int n = inflater == null ? readStored(b, off, want) : readDeflated(b, off, want);
        if (n > 0) {
            account(b, off, n);
        }
        if (n < 0 || isAtEnd()) {
            finish();
            return n > 0 ? n : -1;
        }
        return n;
    }

    @Override
    public void close() {
        if (inflater != null) {
            inflater.end();
        }
        done = true;
    }

    private boolean isAtEnd() {
        return inflater == null ? compressedLeft == 0 : inflater.finished();
    }

    private int readStored(byte[] b, int off, int want) throws IOException {
        if (compressedLeft == 0) {
            return -1;
        }
        ByteBuffer buf = ByteBuffer.wrap(b, off, (int) Math.min(want, compressedLeft));
        channel.position(position);
        int n = channel.read(buf);
        if (n <= 0) {
            throw corrupt("data is truncated");
        }
        position += n;
        compressedLeft -= n;
        return n;
    }

    private int readDeflated(byte[] b, int off, int want) throws IOException {
        try {
            while (true) {
                int n = inflater.inflate(b, off, want);
                if (n > 0 || inflater.finished()) {
                    return n;
                }
                if (inflater.needsDictionary()) {
                    throw corrupt("deflate stream needs a preset dictionary");
                }
                if (inflater.needsInput()) {
                    if (compressedLeft == 0) {
                        throw corrupt("deflate stream is truncated");
                    }
                    fill();
                }
            }
        } catch (DataFormatException e) {
            throw new ArchiveException(ArchiveException.CORRUPT, entry.name(), "invalid deflate data: " + e.getMessage(), e);
        }
    }

    private void fill() throws IOException {
        input.clear();
        input.limit((int) Math.min(CHUNK, compressedLeft));
        channel.position(position);
        int n = channel.read(input);
        if (n <= 0) {
            throw corrupt("data is truncated");
        }
        position += n;
        compressedLeft -= n;
        inflater.setInput(input.array(), 0, n);
    }

    private void account(byte[] b, int off, int n) {
        produced += n;
        crc.update(b, off, n);
        reader.charge(entry.name(), n);
        if (produced > limits.maxFileUncompressed()) {
            throw new ArchiveException(ArchiveException.TOO_LARGE, entry.name(),
                    "inflates to more than the limit of " + limits.maxFileUncompressed() + " bytes");
        }
        if (produced > limits.ratioThreshold() && produced > limits.maxRatio() * entry.compressedSize()) {
            throw new ArchiveException(ArchiveException.RATIO, entry.name(), "compression ratio exceeds the limit of "
                    + limits.maxRatio() + " (" + produced + " bytes from " + entry.compressedSize() + ")");
        }
        if (produced > entry.uncompressedSize()) {
            throw corrupt("inflates to more than the " + entry.uncompressedSize() + " bytes its headers declare");
        }
    }

    private void finish() {
        done = true;
        if (produced != entry.uncompressedSize()) {
            throw corrupt("inflates to " + produced + " bytes but its headers declare " + entry.uncompressedSize());
        }
        if (inflater != null && (inflater.getRemaining() != 0 || compressedLeft != 0)) {
            throw corrupt("has data after the end of its deflate stream");
        }
        if (crc.getValue() != entry.crc()) {
            throw corrupt(String.format("CRC-32 %08x does not match the declared %08x", crc.getValue(), entry.crc()));
        }
    }

    private ArchiveException corrupt(String reason) {
        return new ArchiveException(ArchiveException.CORRUPT, entry.name(), reason);
    }
}
