package io.envhub.format.testutil;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Test-only zip builder with full control over every header field, so tests can craft archives that
 * disagree with themselves. Fields left at their defaults produce a consistent, valid archive.
 */
public final class RawZip {

    /** One entry; every field can be tampered with before {@link RawZip#build()}. */
    public static final class Entry {
        public byte[] name;
        public byte[] localName;
        public byte[] data;
        public int method;
        public Integer localMethod;
        public int flags;
        public Integer localFlags;
        public long crc;
        public Long localCrc;
        public long compressedSize;
        public Long localCompressedSize;
        public long uncompressedSize;
        public Long localUncompressedSize;
        public int versionMadeBy = (3 << 8) | 20;
        public long externalAttributes = 0100644L << 16;
        public byte[] centralExtra = new byte[0];
        public byte[] localExtra = new byte[0];
        /** When set, the central directory points here instead of the real local header. */
        public Long localOffsetOverride;
        /** Write a data descriptor after the data (sets flag bit 3 and zeroes local sizes unless overridden). */
        public boolean dataDescriptor;
        public boolean descriptorSignature = true;
        public Long descriptorCrc;
        long offset;
    }

    private final List<Entry> entries = new ArrayList<>();
    /** When set, the end record claims this many entries. */
    public Integer entryCountOverride;

    /** Adds a deflated file with consistent headers. */
    public Entry deflated(String name, byte[] content) {
        return add(name, content, deflate(content), 8);
    }

    /** Adds a stored file with consistent headers. */
    public Entry stored(String name, byte[] content) {
        return add(name, content, content.clone(), 0);
    }

    /** Adds an entry with the given (already compressed) data and declared uncompressed content. */
    public Entry add(String name, byte[] content, byte[] data, int method) {
        Entry e = new Entry();
        e.name = name.getBytes(StandardCharsets.UTF_8);
        e.data = data;
        e.method = method;
        CRC32 crc = new CRC32();
        crc.update(content);
        e.crc = crc.getValue();
        e.compressedSize = data.length;
        e.uncompressedSize = content.length;
        entries.add(e);
        return e;
    }

    /** Returns the entries added so far. */
    public List<Entry> entries() {
        return entries;
    }

    /** Serializes the archive. */
    public byte[] build() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Entry e : entries) {
            e.offset = out.size();
            int flags = e.localFlags != null ? e.localFlags : e.flags | (e.dataDescriptor ? 8 : 0);
            long zero = e.dataDescriptor ? 0 : -1;
            byte[] localName = e.localName != null ? e.localName : e.name;
            ByteBuffer b = le(30 + localName.length + e.localExtra.length);
            b.putInt(0x04034b50).putShort((short) 20).putShort((short) flags)
                    .putShort((short) (e.localMethod != null ? e.localMethod : e.method)).putShort((short) 0)
                    .putShort((short) 33)
                    .putInt((int) pick(e.localCrc, zero, e.crc))
                    .putInt((int) pick(e.localCompressedSize, zero, e.compressedSize))
                    .putInt((int) pick(e.localUncompressedSize, zero, e.uncompressedSize))
                    .putShort((short) localName.length).putShort((short) e.localExtra.length)
                    .put(localName).put(e.localExtra);
            out.writeBytes(b.array());
            out.writeBytes(e.data);
            if (e.dataDescriptor) {
                ByteBuffer d = le(e.descriptorSignature ? 16 : 12);
                if (e.descriptorSignature) {
                    d.putInt(0x08074b50);
                }
                d.putInt((int) (e.descriptorCrc != null ? e.descriptorCrc : e.crc)).putInt((int) e.compressedSize)
                        .putInt((int) e.uncompressedSize);
                out.writeBytes(d.array());
            }
        }
        int cdStart = out.size();
        for (Entry e : entries) {
            int flags = e.flags | (e.dataDescriptor ? 8 : 0);
            ByteBuffer b = le(46 + e.name.length + e.centralExtra.length);
            b.putInt(0x02014b50).putShort((short) e.versionMadeBy).putShort((short) 20).putShort((short) flags)
                    .putShort((short) e.method).putShort((short) 0).putShort((short) 33).putInt((int) e.crc)
                    .putInt((int) e.compressedSize).putInt((int) e.uncompressedSize).putShort((short) e.name.length)
                    .putShort((short) e.centralExtra.length).putShort((short) 0).putShort((short) 0).putShort((short) 0)
                    .putInt((int) e.externalAttributes)
                    .putInt((int) (e.localOffsetOverride != null ? e.localOffsetOverride : e.offset))
                    .put(e.name).put(e.centralExtra);
            out.writeBytes(b.array());
        }
        int cdSize = out.size() - cdStart;
        int count = entryCountOverride != null ? entryCountOverride : entries.size();
        ByteBuffer end = le(22);
        end.putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) count).putShort((short) count)
                .putInt(cdSize).putInt(cdStart).putShort((short) 0);
        out.writeBytes(end.array());
        return out.toByteArray();
    }

    /** Raw deflate of some bytes. */
    public static byte[] deflate(byte[] content) {
        Deflater deflater = new Deflater(9, true);
        deflater.setInput(content);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[65536];
        while (!deflater.finished()) {
            out.write(buf, 0, deflater.deflate(buf));
        }
        deflater.end();
        return out.toByteArray();
    }

    private static long pick(Long override, long zero, long value) {
        if (override != null) {
            return override;
        }
        return zero == 0 ? 0 : value;
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
