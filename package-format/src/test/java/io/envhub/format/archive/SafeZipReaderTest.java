package io.envhub.format.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.testutil.RawZip;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafeZipReaderTest {

    private static final byte[] HELLO = "hello, world\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void readsStoredAndDeflatedEntries() throws IOException {
        RawZip zip = new RawZip();
        zip.stored("a/stored.txt", HELLO);
        zip.deflated("a/deflated.txt", HELLO);
        zip.add("a/", new byte[0], new byte[0], 0).externalAttributes = 040755L << 16;
        try (SafeZipReader r = SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS)) {
            assertEquals(3, r.entries().size());
            assertArrayEquals(HELLO, r.readAllBytes(r.find("a/stored.txt").orElseThrow()));
            assertArrayEquals(HELLO, r.readAllBytes(r.find("a/deflated.txt").orElseThrow()));
            assertTrue(r.find("a/").orElseThrow().isDirectory());
            assertEquals(0100644, r.find("a/stored.txt").orElseThrow().unixMode());
            assertEquals(2L * HELLO.length, r.inflatedBytes());
        }
    }

    @Test
    void readsJavaZipOutputStreamWithDataDescriptors() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            out.putNextEntry(new ZipEntry("x/one.txt"));
            out.write(HELLO);
            out.closeEntry();
            out.putNextEntry(new ZipEntry("x/\u00e9t\u00e9.txt"));
            out.write(new byte[100_000]);
            out.closeEntry();
        }
        try (SafeZipReader r = SafeZipReader.open(write(bytes.toByteArray()), ArchiveLimits.DEFAULTS)) {
            assertArrayEquals(HELLO, r.readAllBytes(r.find("x/one.txt").orElseThrow()));
            assertEquals(100_000, r.readAllBytes(r.find("x/\u00e9t\u00e9.txt").orElseThrow()).length);
        }
    }

    @Test
    void refusesPathTraversal() {
        for (String name : new String[] {"../evil.py", "a/../../evil.py", "/etc/passwd", "a\\..\\b", "C:/Windows/x",
            "c:evil", "pkg/..", "../"}) {
            ArchiveException e = refused(z -> z.stored(name, HELLO));
            assertEquals(ArchiveException.PATH_TRAVERSAL, e.code(), name + ": " + e.getMessage());
            assertEquals(name, e.entry());
            assertTrue(e.getMessage().startsWith("entry '" + name + "': "), e.getMessage());
        }
    }

    @Test
    void refusesBadNames() {
        for (String name : new String[] {"a//b", "./a", "a/./b", "a\u0000b", "tab\tname"}) {
            assertEquals(ArchiveException.BAD_NAME, refused(z -> z.stored(name, HELLO)).code(), name);
        }
        assertEquals(ArchiveException.BAD_NAME, refused(z -> z.stored("", HELLO)).code());
        ArchiveException noFlag = refused(z -> z.stored("caf\u00e9.py", HELLO));
        assertTrue(noFlag.getMessage().contains("non-ASCII name without the UTF-8 flag"), noFlag.getMessage());
        ArchiveException badUtf8 = refused(z -> {
            RawZip.Entry e = z.stored("x", HELLO);
            e.name = new byte[] {'a', (byte) 0xC3, '('};
            e.flags = 1 << 11;
        });
        assertEquals(ArchiveException.BAD_NAME, badUtf8.code());
        assertTrue(badUtf8.getMessage().contains("not valid UTF-8"), badUtf8.getMessage());
    }

    @Test
    void acceptsUtf8NamesWithFlag() throws IOException {
        RawZip zip = new RawZip();
        zip.stored("caf\u00e9.py", HELLO).flags = 1 << 11;
        try (SafeZipReader r = SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS)) {
            assertEquals("caf\u00e9.py", r.entries().get(0).name());
        }
    }

    @Test
    void refusesSymlinksAndSpecialFiles() {
        ArchiveException link = refused(z -> z.stored("pkg/link", "/etc/passwd".getBytes(StandardCharsets.UTF_8))
                .externalAttributes = 0120777L << 16);
        assertEquals(ArchiveException.SYMLINK, link.code());
        assertEquals("entry 'pkg/link': entry is a symbolic link", link.getMessage());
        for (long mode : new long[] {0010644, 0020644, 0060644, 0140755}) {
            ArchiveException e = refused(z -> z.stored("pkg/special", new byte[0]).externalAttributes = mode << 16);
            assertEquals(ArchiveException.SPECIAL_FILE, e.code(), Long.toOctalString(mode));
            assertEquals("pkg/special", e.entry());
        }
        ArchiveException dirMode = refused(z -> z.stored("pkg/notadir", new byte[0]).externalAttributes = 040755L << 16);
        assertEquals(ArchiveException.SPECIAL_FILE, dirMode.code());
        ArchiveException dosHostWithMode = refused(z -> {
            RawZip.Entry e = z.stored("pkg/link", HELLO);
            e.versionMadeBy = 20;
            e.externalAttributes = 0120777L << 16;
        });
        assertEquals(ArchiveException.SYMLINK, dosHostWithMode.code());
    }

    @Test
    void acceptsDosEntriesWithoutUnixMode() throws IOException {
        RawZip zip = new RawZip();
        RawZip.Entry e = zip.stored("file.txt", HELLO);
        e.versionMadeBy = 20;
        e.externalAttributes = 0x20;
        try (SafeZipReader r = SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS)) {
            assertEquals(0, r.entries().get(0).unixMode());
        }
    }

    @Test
    void refusesDuplicates() {
        ArchiveException exact = refused(z -> {
            z.stored("pkg/a.py", HELLO);
            z.stored("pkg/a.py", HELLO);
        });
        assertEquals(ArchiveException.DUPLICATE, exact.code());
        assertEquals("entry 'pkg/a.py': duplicate entry name", exact.getMessage());
        ArchiveException caseOnly = refused(z -> {
            z.stored("pkg/A.py", HELLO);
            z.stored("pkg/a.py", HELLO);
        });
        assertEquals(ArchiveException.DUPLICATE, caseOnly.code());
        assertTrue(caseOnly.getMessage().contains("collides with 'pkg/A.py'"), caseOnly.getMessage());
        ArchiveException unicodeForm = refused(z -> {
            z.stored("caf\u00e9", HELLO).flags = 1 << 11;
            z.stored("cafe\u0301", HELLO).flags = 1 << 11;
        });
        assertEquals(ArchiveException.DUPLICATE, unicodeForm.code());
        ArchiveException fileThenDir = refused(z -> {
            z.stored("pkg", HELLO);
            z.stored("pkg/a.py", HELLO);
        });
        assertEquals(ArchiveException.DUPLICATE, fileThenDir.code());
        ArchiveException dirThenFile = refused(z -> {
            z.stored("pkg/a.py", HELLO);
            z.stored("pkg", HELLO);
        });
        assertEquals(ArchiveException.DUPLICATE, dirThenFile.code());
    }

    @Test
    void refusesLocalHeaderDisagreements() {
        assertMismatch("name", z -> z.stored("good.py", HELLO).localName = "evil.py".getBytes(StandardCharsets.UTF_8));
        assertMismatch("compression method", z -> z.stored("a.py", HELLO).localMethod = 8);
        assertMismatch("CRC-32", z -> z.deflated("a.py", HELLO).localCrc = 1234L);
        assertMismatch("compressed size", z -> z.deflated("a.py", HELLO).localCompressedSize = 3L);
        assertMismatch("uncompressed size", z -> z.deflated("a.py", HELLO).localUncompressedSize = 5L);
        assertMismatch("flags", z -> z.deflated("a.py", HELLO).localFlags = 1 << 11);
        assertMismatch("data descriptor CRC-32", z -> {
            RawZip.Entry e = z.deflated("a.py", HELLO);
            e.dataDescriptor = true;
            e.descriptorCrc = 99L;
        });
        ArchiveException noHeader = refused(z -> {
            z.stored("a.py", HELLO);
            z.stored("b.py", HELLO).localOffsetOverride = 5L;
        });
        assertEquals(ArchiveException.HEADER_MISMATCH, noHeader.code());
        assertEquals("b.py", noHeader.entry());
    }

    @Test
    void acceptsDataDescriptorsWithAndWithoutSignature() throws IOException {
        RawZip zip = new RawZip();
        zip.deflated("a.py", HELLO).dataDescriptor = true;
        RawZip.Entry b = zip.deflated("b.py", HELLO);
        b.dataDescriptor = true;
        b.descriptorSignature = false;
        try (SafeZipReader r = SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS)) {
            assertArrayEquals(HELLO, r.readAllBytes(r.find("b.py").orElseThrow()));
        }
    }

    @Test
    void refusesOtherMethodsAndEncryption() {
        for (int method : new int[] {1, 9, 12, 14, 93, 95}) {
            ArchiveException e = refused(z -> z.add("a.bin", HELLO, HELLO.clone(), method));
            assertEquals(ArchiveException.METHOD, e.code());
            assertTrue(e.getMessage().contains("compression method " + method + " is not allowed"), e.getMessage());
        }
        ArchiveException encrypted = refused(z -> z.deflated("secret.py", HELLO).flags = 1);
        assertEquals(ArchiveException.ENCRYPTED, encrypted.code());
        assertEquals("secret.py", encrypted.entry());
        assertEquals(ArchiveException.ENCRYPTED, refused(z -> z.add("aes.py", HELLO, HELLO.clone(), 99)).code());
    }

    @Test
    void refusesTooManyEntries() throws IOException {
        ArchiveException claimed = refused(z -> {
            z.stored("a", HELLO);
            z.entryCountOverride = 60_000;
        });
        assertEquals(ArchiveException.TOO_MANY_ENTRIES, claimed.code());
        RawZip zip = new RawZip();
        for (int i = 0; i <= 10_000; i++) {
            zip.stored("f" + i, new byte[0]);
        }
        ArchiveException real = assertThrows(ArchiveException.class,
                () -> SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS));
        assertEquals(ArchiveException.TOO_MANY_ENTRIES, real.code());
        assertEquals("archive has 10001 entries, more than the limit of 10000", real.getMessage());
        zip.entries().remove(10_000);
        try (SafeZipReader r = SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS)) {
            assertEquals(10_000, r.entries().size());
        }
    }

    @Test
    void refusesEntriesOverTheFileLimit() {
        byte[] big = new byte[(100 << 20) + 1];
        ArchiveException e = refused(z -> z.deflated("big.bin", big));
        assertEquals(ArchiveException.TOO_LARGE, e.code());
        assertEquals("big.bin", e.entry());
        ArchiveException lowered = refused(ArchiveLimits.DEFAULTS.withMaxFileUncompressed(10), z -> z.stored("f", HELLO));
        assertEquals(ArchiveException.TOO_LARGE, lowered.code());
    }

    @Test
    void refusesArchivesOverTheTotalLimit() {
        ArchiveLimits limits = ArchiveLimits.DEFAULTS.withMaxTotalUncompressed(20);
        ArchiveException e = refused(limits, z -> {
            z.stored("a", HELLO);
            z.stored("b", HELLO);
        });
        assertEquals(ArchiveException.TOO_LARGE, e.code());
        assertNull(e.entry());
    }

    @Test
    void totalBudgetCountsBytesActuallyInflated() throws IOException {
        RawZip zip = new RawZip();
        zip.deflated("a", new byte[2000]);
        try (SafeZipReader r = SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS.withMaxTotalUncompressed(3000))) {
            r.readAllBytes(r.entries().get(0));
            ArchiveException e = assertThrows(ArchiveException.class, () -> r.readAllBytes(r.entries().get(0)));
            assertEquals(ArchiveException.TOO_LARGE, e.code());
            assertTrue(e.getMessage().contains("in total"), e.getMessage());
            assertTrue(r.inflatedBytes() <= 3000 + 64 * 1024);
        }
    }

    @Test
    void refusesHighCompressionRatio() {
        byte[] zeros = new byte[2 << 20];
        ArchiveException e = refused(z -> z.deflated("bomb.bin", zeros));
        assertEquals(ArchiveException.RATIO, e.code());
        assertTrue(e.getMessage().contains("above the limit of 100.0"), e.getMessage());
    }

    @Test
    void ratioIsNotAppliedToSmallEntries() throws IOException {
        RawZip zip = new RawZip();
        zip.deflated("small-zeros.bin", new byte[1 << 20]);
        try (SafeZipReader r = SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS)) {
            assertEquals(1 << 20, r.readAllBytes(r.entries().get(0)).length);
        }
    }

    @Test
    void lyingZipBombStopsInflatingEarly() throws IOException {
        byte[] zeros = new byte[50 << 20];
        byte[] compressed = RawZip.deflate(zeros);
        RawZip zip = new RawZip();
        RawZip.Entry e = zip.add("bomb.bin", new byte[1000], compressed, 8);
        assertEquals(1000, e.uncompressedSize);
        try (SafeZipReader r = SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS)) {
            ArchiveException ex = assertThrows(ArchiveException.class, () -> r.readAllBytes(r.entries().get(0)));
            assertEquals(ArchiveException.CORRUPT, ex.code());
            assertTrue(ex.getMessage().contains("more than the 1000 bytes its headers declare"), ex.getMessage());
            assertTrue(r.inflatedBytes() <= 64 * 1024, "inflated " + r.inflatedBytes());
        }
    }

    @Test
    void refusesCorruptContent() throws IOException {
        assertCorrupt(z -> z.stored("a", HELLO).crc = 42, "CRC-32");
        assertCorrupt(z -> z.add("a", HELLO, new byte[] {(byte) 0xff, 1, 2, 3}, 8), "invalid deflate data");
        byte[] truncated = RawZip.deflate(new byte[10_000]);
        assertCorrupt(z -> z.add("a", new byte[10_000], java.util.Arrays.copyOf(truncated, truncated.length - 2), 8),
                "truncated");
        byte[] trailing = java.util.Arrays.copyOf(RawZip.deflate(HELLO), RawZip.deflate(HELLO).length + 3);
        assertCorrupt(z -> z.add("a", HELLO, trailing, 8), "after the end of its deflate stream");
        assertCorrupt(z -> {
            RawZip.Entry e = z.add("a", HELLO, RawZip.deflate(HELLO), 8);
            e.uncompressedSize = HELLO.length + 5;
        }, "inflates to 13 bytes but its headers declare 18");
    }

    @Test
    void refusesOverlappingEntries() {
        ArchiveException e = refused(z -> {
            RawZip.Entry a = z.deflated("a", HELLO);
            z.stored("b", HELLO);
            a.compressedSize += 40;
        });
        assertEquals(ArchiveException.OVERLAP, e.code());
        assertTrue(e.getMessage().contains("overlaps entry 'a'"), e.getMessage());
    }

    @Test
    void refusesZip64AndUnicodePathExtras() {
        byte[] zip64 = {1, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        assertEquals(ArchiveException.UNSUPPORTED, refused(z -> z.stored("a", HELLO).centralExtra = zip64).code());
        assertEquals(ArchiveException.UNSUPPORTED, refused(z -> z.stored("a", HELLO).localExtra = zip64).code());
        byte[] unicodePath = {0x75, 0x70, 6, 0, 1, 0, 0, 0, 0, 'b'};
        ArchiveException e = refused(z -> z.stored("a", HELLO).centralExtra = unicodePath);
        assertTrue(e.getMessage().contains("Unicode path"), e.getMessage());
        assertEquals(ArchiveException.MALFORMED, refused(z -> z.stored("a", HELLO).centralExtra = new byte[] {1, 2, 9, 0}).code());
        assertEquals(ArchiveException.UNSUPPORTED, refused(z -> {
            z.stored("a", HELLO);
            z.entryCountOverride = 0xFFFF;
        }).code());
    }

    @Test
    void refusesMalformedArchives() throws IOException {
        assertMalformed(new byte[10], "too small");
        assertMalformed(new byte[100], "no end of central directory");
        byte[] good = new RawZip().build();
        assertEquals(22, good.length);
        RawZip zip = new RawZip();
        zip.stored("a", HELLO);
        byte[] bytes = zip.build();
        bytes[bytes.length - 6] ^= 1;
        assertMalformed(bytes, "central directory");
        byte[] cdTruncated = zip.build();
        cdTruncated[cdTruncated.length - 22 + 10] = 2;
        cdTruncated[cdTruncated.length - 22 + 8] = 2;
        assertMalformed(cdTruncated, "central directory");
        try (SafeZipReader r = SafeZipReader.open(write(good), ArchiveLimits.DEFAULTS)) {
            assertTrue(r.entries().isEmpty());
        }
    }

    private void assertMalformed(byte[] bytes, String part) throws IOException {
        ArchiveException e = assertThrows(ArchiveException.class, () -> SafeZipReader.open(write(bytes), ArchiveLimits.DEFAULTS));
        assertEquals(ArchiveException.MALFORMED, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    private void assertCorrupt(Consumer<RawZip> builder, String part) throws IOException {
        RawZip zip = new RawZip();
        builder.accept(zip);
        try (SafeZipReader r = SafeZipReader.open(write(zip.build()), ArchiveLimits.DEFAULTS)) {
            ArchiveException e = assertThrows(ArchiveException.class, () -> r.readAllBytes(r.entries().get(0)));
            assertEquals(ArchiveException.CORRUPT, e.code(), e.getMessage());
            assertTrue(e.getMessage().contains(part), e.getMessage());
            assertEquals("a", e.entry());
        }
    }

    private void assertMismatch(String field, Consumer<RawZip> builder) {
        ArchiveException e = refused(builder);
        assertEquals(ArchiveException.HEADER_MISMATCH, e.code(), e.getMessage());
        assertTrue(e.getMessage().contains("local header " + field + " ("), e.getMessage());
    }

    private ArchiveException refused(Consumer<RawZip> builder) {
        return refused(ArchiveLimits.DEFAULTS, builder);
    }

    private ArchiveException refused(ArchiveLimits limits, Consumer<RawZip> builder) {
        RawZip zip = new RawZip();
        builder.accept(zip);
        byte[] bytes = zip.build();
        return assertThrows(ArchiveException.class, () -> {
            try (SafeZipReader r = SafeZipReader.open(write(bytes), limits)) {
                for (ZipEntryInfo e : r.entries()) {
                    r.readAllBytes(e);
                }
            }
        });
    }

    private Path write(byte[] bytes) throws IOException {
        Path file = Files.createTempFile(dir, "t", ".zip");
        Files.write(file, bytes);
        return file;
    }
}
