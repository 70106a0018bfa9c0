package io.envhub.format.archive;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes a reproducible zip archive: entries in the order they are added, deflate level 6, the fixed
 * timestamp 1980-01-01 00:00:00, Unix mode {@code 0644} for every file, no extra fields, no data descriptors,
 * no comments. The same entries always give the same bytes (for a given zlib).
 */
public final class ZipWriter {

    /** MS-DOS date of 1980-01-01. */
    static final int DOS_DATE = (1 << 5) | 1;
    /** MS-DOS time 00:00:00. */
    static final int DOS_TIME = 0;
    private static final int VERSION_MADE_BY = (3 << 8) | 20;
    private static final int VERSION_NEEDED = 20;
    private static final int FLAG_UTF8 = 1 << 11;
    private static final long FILE_ATTRIBUTES = 0100644L << 16;
    private static final int MAX_U16 = 0xFFFF;
    private static final long MAX_U32 = 0xFFFFFFFFL;

    private final OutputStream out;
    private final ByteArrayOutputStream central = new ByteArrayOutputStream();
    private final ZipNames names = new ZipNames();
    private long offset;
    private int count;
    private boolean finished;

    /**
     * Creates a writer.
     *
     * @param out destination; not closed by {@link #finish()}
     */
    public ZipWriter(OutputStream out) {
        this.out = out;
    }

    /**
     * Appends a file entry compressed with deflate.
     *
     * @param name safe relative name with {@code /} separators
     * @param content file bytes
     * @throws IOException when writing fails
     * @throws ArchiveException when the name is unsafe or a duplicate
     */
    public void addFile(String name, byte[] content) throws IOException {
        if (finished) {
            throw new IllegalStateException("archive is finished");
        }
        ZipNames.checkPath(name);
        if (name.endsWith("/")) {
            throw new IllegalArgumentException("directory entries are not written: " + name);
        }
        names.add(name);
        byte[] rawName = name.getBytes(StandardCharsets.UTF_8);
        if (rawName.length > MAX_U16 || count == MAX_U16 - 1) {
            throw new IllegalArgumentException("too many entries or name too long for a plain zip: " + name);
        }
        boolean ascii = rawName.length == name.length();
        int flags = ascii ? 0 : FLAG_UTF8;
        CRC32 crc = new CRC32();
        crc.update(content);
        byte[] compressed = deflate(content);
        if (offset + compressed.length + 1024L + rawName.length > MAX_U32) {
            throw new IllegalArgumentException("archive too large for a plain zip (no zip64)");
        }
        ByteBuffer local = header(ZipStructureReader.LOC_LEN + rawName.length);
        local.putInt(ZipStructureReader.LOC_SIG).putShort((short) VERSION_NEEDED).putShort((short) flags)
                .putShort((short) ZipEntryInfo.DEFLATED).putShort((short) DOS_TIME).putShort((short) DOS_DATE)
                .putInt((int) crc.getValue()).putInt(compressed.length).putInt(content.length)
                .putShort((short) rawName.length).putShort((short) 0).put(rawName);
        ByteBuffer cen = header(ZipStructureReader.CEN_LEN + rawName.length);
        cen.putInt(ZipStructureReader.CEN_SIG).putShort((short) VERSION_MADE_BY).putShort((short) VERSION_NEEDED)
                .putShort((short) flags).putShort((short) ZipEntryInfo.DEFLATED).putShort((short) DOS_TIME)
                .putShort((short) DOS_DATE).putInt((int) crc.getValue()).putInt(compressed.length).putInt(content.length)
                .putShort((short) rawName.length).putShort((short) 0).putShort((short) 0).putShort((short) 0)
                .putShort((short) 0).putInt((int) FILE_ATTRIBUTES).putInt((int) offset).put(rawName);
        out.write(local.array());
        out.write(compressed);
        central.write(cen.array());
        offset += local.capacity() + compressed.length;
        count++;
    }

    /**
     * Writes the central directory and the end record. The output stream stays open.
     *
     * @throws IOException when writing fails
     */
    public void finish() throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        byte[] cd = central.toByteArray();
        ByteBuffer end = header(ZipStructureReader.EOCD_LEN);
        end.putInt(ZipStructureReader.EOCD_SIG).putShort((short) 0).putShort((short) 0).putShort((short) count)
                .putShort((short) count).putInt(cd.length).putInt((int) offset).putShort((short) 0);
        out.write(cd);
        out.write(end.array());
        out.flush();
    }

    private static byte[] deflate(byte[] content) {
        Deflater deflater = new Deflater(6, true);
        try {
            deflater.setInput(content);
            deflater.finish();
            ByteArrayOutputStream buf = new ByteArrayOutputStream(Math.max(64, content.length / 2));
            byte[] chunk = new byte[64 * 1024];
            while (!deflater.finished()) {
                int n = deflater.deflate(chunk);
                buf.write(chunk, 0, n);
            }
            return buf.toByteArray();
        } finally {
            deflater.end();
        }
    }

    private static ByteBuffer header(int length) {
        return ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    }
}
