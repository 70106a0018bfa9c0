package io.envhub.format.archive;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SeekableByteChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Parses and cross-checks the end-of-central-directory record, the central directory and every local file
 * header of an untrusted archive. Entry data is not inflated here.
 */
final class ZipStructureReader {

    static final int EOCD_SIG = 0x06054b50;
    static final int CEN_SIG = 0x02014b50;
    static final int LOC_SIG = 0x04034b50;
    static final int DESCRIPTOR_SIG = 0x08074b50;
    static final int ZIP64_LOCATOR_SIG = 0x07064b50;
    static final int EOCD_LEN = 22;
    static final int CEN_LEN = 46;
    static final int LOC_LEN = 30;
    /** Largest central directory read into memory (far above what 10,000 ordinary entries need). */
    static final long MAX_CENTRAL_DIRECTORY = 64L << 20;

    private static final int FLAG_ENCRYPTED = 1;
    private static final int FLAG_DESCRIPTOR = 1 << 3;
    private static final int FLAG_STRONG_ENCRYPTION = 1 << 6;
    private static final int FLAG_UTF8 = 1 << 11;
    private static final int COMPARED_FLAGS = FLAG_ENCRYPTED | FLAG_DESCRIPTOR | FLAG_STRONG_ENCRYPTION | FLAG_UTF8;
    private static final int HOST_UNIX = 3;
    private static final int S_IFMT = 0170000;
    private static final int S_IFREG = 0100000;
    private static final int S_IFDIR = 0040000;
    private static final int S_IFLNK = 0120000;
    private static final int EXTRA_ZIP64 = 0x0001;
    private static final int EXTRA_UNICODE_PATH = 0x7075;

    private final SeekableByteChannel channel;
    private final ArchiveLimits limits;
    /** Byte range [local header, end of data or descriptor) of each entry, for the overlap check. */
    private final List<long[]> spans = new ArrayList<>();
    private final List<String> spanNames = new ArrayList<>();

    private ZipStructureReader(SeekableByteChannel channel, ArchiveLimits limits) {
        this.channel = channel;
        this.limits = limits;
    }

    /** Reads and validates the structure; returns entries in central directory order. */
    static List<ZipEntryInfo> read(SeekableByteChannel channel, ArchiveLimits limits) throws IOException {
        return new ZipStructureReader(channel, limits).read();
    }

    private List<ZipEntryInfo> read() throws IOException {
        long size = channel.size();
        if (size < EOCD_LEN) {
            throw malformed("file of " + size + " bytes is too small to be a zip archive");
        }
        int tailLen = (int) Math.min(size, EOCD_LEN + 0xFFFFL);
        ByteBuffer tail = readAt(size - tailLen, tailLen);
        int at = -1;
        for (int i = tailLen - EOCD_LEN; i >= 0; i--) {
            if (tail.getInt(i) == EOCD_SIG && u16(tail, i + 20) == tailLen - i - EOCD_LEN) {
                at = i;
                break;
            }
        }
        if (at < 0) {
            throw malformed("no end of central directory record");
        }
        long eocdPos = size - tailLen + at;
        int disk = u16(tail, at + 4);
        int cdDisk = u16(tail, at + 6);
        int entriesOnDisk = u16(tail, at + 8);
        int entries = u16(tail, at + 10);
        long cdSize = u32(tail, at + 12);
        long cdOffset = u32(tail, at + 16);
        if (entries == 0xFFFF || cdSize == 0xFFFFFFFFL || cdOffset == 0xFFFFFFFFL
                || eocdPos >= 20 && readAt(eocdPos - 20, 4).getInt(0) == ZIP64_LOCATOR_SIG) {
            throw new ArchiveException(ArchiveException.UNSUPPORTED, null, "zip64 archives are not accepted");
        }
        if (disk != 0 || cdDisk != 0 || entriesOnDisk != entries) {
            throw new ArchiveException(ArchiveException.UNSUPPORTED, null, "multi-disk archives are not accepted");
        }
        if (entries > limits.maxEntries()) {
            throw new ArchiveException(ArchiveException.TOO_MANY_ENTRIES, null,
                    "archive has " + entries + " entries, more than the limit of " + limits.maxEntries());
        }
        if (cdOffset + cdSize != eocdPos) {
            throw malformed("central directory (offset " + cdOffset + ", size " + cdSize
                    + ") does not end where the end record starts (" + eocdPos + ")");
        }
        if (cdSize > MAX_CENTRAL_DIRECTORY) {
            throw new ArchiveException(ArchiveException.TOO_LARGE, null,
                    "central directory of " + cdSize + " bytes is larger than " + MAX_CENTRAL_DIRECTORY + " bytes");
        }
        if (entries > 0 && cdSize < (long) entries * CEN_LEN) {
            throw malformed("central directory of " + cdSize + " bytes cannot hold " + entries + " entries");
        }
        ByteBuffer cd = readAt(cdOffset, (int) cdSize);
        List<ZipEntryInfo> result = new ArrayList<>(entries);
        ZipNames names = new ZipNames();
        long declaredTotal = 0;
        int pos = 0;
        for (int index = 0; index < entries; index++) {
            if (pos + CEN_LEN > cdSize || cd.getInt(pos) != CEN_SIG) {
                throw malformed("central directory record " + (index + 1) + " is missing or truncated");
            }
            int nameLen = u16(cd, pos + 28);
            int extraLen = u16(cd, pos + 30);
            int commentLen = u16(cd, pos + 32);
            int recordLen = CEN_LEN + nameLen + extraLen + commentLen;
            if (pos + recordLen > cdSize) {
                throw malformed("central directory record " + (index + 1) + " runs past the central directory");
            }
            byte[] rawName = new byte[nameLen];
            cd.get(pos + CEN_LEN, rawName);
            ZipEntryInfo entry = entry(cd, pos, rawName, index, cdOffset, names);
            declaredTotal += entry.uncompressedSize();
            result.add(entry);
            pos += recordLen;
        }
        if (pos != cdSize) {
            throw malformed("central directory has " + (cdSize - pos) + " bytes after its " + entries + " records");
        }
        if (declaredTotal > limits.maxTotalUncompressed()) {
            throw new ArchiveException(ArchiveException.TOO_LARGE, null, "archive declares " + declaredTotal
                    + " uncompressed bytes, more than the limit of " + limits.maxTotalUncompressed());
        }
        checkOverlaps();
        return result;
    }

    private ZipEntryInfo entry(ByteBuffer cd, int pos, byte[] rawName, int index, long cdOffset, ZipNames names)
            throws IOException {
        int versionMadeBy = u16(cd, pos + 4);
        int flags = u16(cd, pos + 8);
        int method = u16(cd, pos + 10);
        long crc = u32(cd, pos + 16);
        long csize = u32(cd, pos + 20);
        long usize = u32(cd, pos + 24);
        int extraLen = u16(cd, pos + 30);
        int diskStart = u16(cd, pos + 34);
        long externalAttrs = u32(cd, pos + 38);
        long localOffset = u32(cd, pos + 42);
        String name = ZipNames.decode(rawName, (flags & FLAG_UTF8) != 0, "central directory record " + (index + 1));
        ZipNames.checkPath(name);
        checkExtra(cd, pos + CEN_LEN + rawName.length, extraLen, name, "central directory");
        if ((flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) != 0 || method == 99) {
            throw new ArchiveException(ArchiveException.ENCRYPTED, name, "entry is encrypted");
        }
        if (method != ZipEntryInfo.STORED && method != ZipEntryInfo.DEFLATED) {
            throw new ArchiveException(ArchiveException.METHOD, name,
                    "compression method " + method + " is not allowed (only 0 stored and 8 deflate)");
        }
        int mode = (int) (externalAttrs >>> 16);
        checkFileType(name, versionMadeBy >>> 8, mode);
        names.add(name);
        if (diskStart != 0) {
            throw new ArchiveException(ArchiveException.UNSUPPORTED, name, "entry starts on disk " + diskStart);
        }
        if (name.endsWith("/") && usize != 0) {
            throw new ArchiveException(ArchiveException.MALFORMED, name, "directory entry declares " + usize + " bytes of content");
        }
        if (method == ZipEntryInfo.STORED && csize != usize) {
            throw new ArchiveException(ArchiveException.MALFORMED, name,
                    "stored entry has compressed size " + csize + " but uncompressed size " + usize);
        }
        if (usize > limits.maxFileUncompressed()) {
            throw new ArchiveException(ArchiveException.TOO_LARGE, name,
                    "declares " + usize + " uncompressed bytes, more than the limit of " + limits.maxFileUncompressed());
        }
        if (usize > limits.ratioThreshold() && usize > limits.maxRatio() * csize) {
            throw new ArchiveException(ArchiveException.RATIO, name, "declared compression ratio " + ratio(usize, csize)
                    + " is above the limit of " + limits.maxRatio());
        }
        long dataOffset = checkLocalHeader(name, rawName, flags, method, crc, csize, usize, localOffset, cdOffset);
        return new ZipEntryInfo(name, method, crc, csize, usize, localOffset, dataOffset, mode);
    }

    private static void checkFileType(String name, int host, int mode) {
        int type = mode & S_IFMT;
        if (host != HOST_UNIX && type == 0) {
            return;
        }
        if (type == S_IFLNK) {
            throw new ArchiveException(ArchiveException.SYMLINK, name, "entry is a symbolic link");
        }
        if (type == S_IFDIR && !name.endsWith("/")) {
            throw new ArchiveException(ArchiveException.SPECIAL_FILE, name, "directory mode on an entry not ending in '/'");
        }
        if (type != 0 && type != S_IFREG && type != S_IFDIR) {
            throw new ArchiveException(ArchiveException.SPECIAL_FILE, name,
                    String.format("entry is not a regular file (mode %06o)", mode));
        }
    }

    /** Validates the local header and returns the data offset. */
    private long checkLocalHeader(String name, byte[] rawName, int flags, int method, long crc, long csize, long usize,
                                  long offset, long cdOffset) throws IOException {
        if (offset + LOC_LEN > cdOffset) {
            throw new ArchiveException(ArchiveException.MALFORMED, name,
                    "local header offset " + offset + " is outside the entry area");
        }
        ByteBuffer loc = readAt(offset, LOC_LEN);
        if (loc.getInt(0) != LOC_SIG) {
            throw new ArchiveException(ArchiveException.HEADER_MISMATCH, name, "no local file header at offset " + offset);
        }
        int localFlags = u16(loc, 6);
        int nameLen = u16(loc, 26);
        int extraLen = u16(loc, 28);
        long dataOffset = offset + LOC_LEN + nameLen + extraLen;
        if (dataOffset + csize > cdOffset) {
            throw new ArchiveException(ArchiveException.MALFORMED, name, "entry data runs into the central directory");
        }
        ByteBuffer varPart = readAt(offset + LOC_LEN, nameLen + extraLen);
        byte[] localName = new byte[nameLen];
        varPart.get(0, localName);
        if (!Arrays.equals(localName, rawName)) {
            throw mismatch(name, "name", ZipNames.describeRaw(localName), name);
        }
        checkExtra(varPart, nameLen, extraLen, name, "local header");
        if (u16(loc, 8) != method) {
            throw mismatch(name, "compression method", u16(loc, 8), method);
        }
        if ((localFlags & COMPARED_FLAGS) != (flags & COMPARED_FLAGS)) {
            throw mismatch(name, "flags", String.format("0x%04x", localFlags), String.format("0x%04x", flags));
        }
        boolean descriptor = (flags & FLAG_DESCRIPTOR) != 0;
        checkField(name, "CRC-32", u32(loc, 14), crc, descriptor);
        checkField(name, "compressed size", u32(loc, 18), csize, descriptor);
        checkField(name, "uncompressed size", u32(loc, 22), usize, descriptor);
        long end = dataOffset + csize;
        if (descriptor) {
            end += checkDescriptor(name, dataOffset + csize, crc, csize, usize, cdOffset);
        }
        spans.add(new long[] {offset, end});
        spanNames.add(name);
        return dataOffset;
    }

    private long checkDescriptor(String name, long at, long crc, long csize, long usize, long cdOffset) throws IOException {
        long available = cdOffset - at;
        if (available < 12) {
            throw new ArchiveException(ArchiveException.MALFORMED, name, "data descriptor is missing");
        }
        ByteBuffer d = readAt(at, (int) Math.min(16, available));
        int base = 0;
        if (d.getInt(0) == DESCRIPTOR_SIG) {
            if (available < 16) {
                throw new ArchiveException(ArchiveException.MALFORMED, name, "data descriptor is truncated");
            }
            base = 4;
        }
        if (u32(d, base) != crc) {
            throw mismatch(name, "data descriptor CRC-32", u32(d, base), crc);
        }
        if (u32(d, base + 4) != csize) {
            throw mismatch(name, "data descriptor compressed size", u32(d, base + 4), csize);
        }
        if (u32(d, base + 8) != usize) {
            throw mismatch(name, "data descriptor uncompressed size", u32(d, base + 8), usize);
        }
        return base + 12;
    }

    private static void checkField(String name, String field, long local, long central, boolean descriptor) {
        if (local != central && !(descriptor && local == 0)) {
            throw mismatch(name, field, local, central);
        }
    }

    private void checkOverlaps() {
        Integer[] order = new Integer[spans.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(i -> spans.get(i)[0]));
        for (int k = 1; k < order.length; k++) {
            long[] previous = spans.get(order[k - 1]);
            long[] current = spans.get(order[k]);
            if (current[0] < previous[1]) {
                throw new ArchiveException(ArchiveException.OVERLAP, spanNames.get(order[k]),
                        "data overlaps entry '" + spanNames.get(order[k - 1]) + "'");
            }
        }
    }

    private static void checkExtra(ByteBuffer buf, int start, int len, String name, String where) {
        int p = start;
        int end = start + len;
        while (p + 4 <= end) {
            int id = u16(buf, p);
            int size = u16(buf, p + 2);
            if (p + 4 + size > end) {
                throw new ArchiveException(ArchiveException.MALFORMED, name, "malformed extra field in " + where);
            }
            if (id == EXTRA_ZIP64) {
                throw new ArchiveException(ArchiveException.UNSUPPORTED, name, "zip64 extra field in " + where);
            }
            if (id == EXTRA_UNICODE_PATH) {
                throw new ArchiveException(ArchiveException.UNSUPPORTED, name,
                        "Info-ZIP Unicode path extra field in " + where + " (names must use the UTF-8 flag)");
            }
            p += 4 + size;
        }
        if (p != end) {
            throw new ArchiveException(ArchiveException.MALFORMED, name, "malformed extra field in " + where);
        }
    }

    private ByteBuffer readAt(long position, int length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        channel.position(position);
        while (buf.hasRemaining()) {
            if (channel.read(buf) < 0) {
                throw malformed("unexpected end of file at " + (position + buf.position()));
            }
        }
        return buf.flip();
    }

    private static ArchiveException mismatch(String name, String field, Object local, Object central) {
        return new ArchiveException(ArchiveException.HEADER_MISMATCH, name,
                "local header " + field + " (" + local + ") disagrees with the central directory (" + central + ")");
    }

    private static ArchiveException malformed(String reason) {
        return new ArchiveException(ArchiveException.MALFORMED, null, reason);
    }

    static String ratio(long usize, long csize) {
        return csize == 0 ? "infinite" : String.format("%.1f", (double) usize / csize);
    }

    static int u16(ByteBuffer b, int at) {
        return Short.toUnsignedInt(b.getShort(at));
    }

    static long u32(ByteBuffer b, int at) {
        return Integer.toUnsignedLong(b.getInt(at));
    }
}
