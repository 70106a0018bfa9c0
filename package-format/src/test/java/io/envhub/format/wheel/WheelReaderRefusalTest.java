package io.envhub.format.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.archive.ArchiveException;
import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.hash.Sha256;
import io.envhub.format.testutil.RawZip;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Wheels crafted member by member, with a hand-written RECORD, to exercise every refusal. */
class WheelReaderRefusalTest {

    private static final String DI = "pkg-1.0.dist-info/";
    private static final byte[] CODE = "print('hi')\n".getBytes(StandardCharsets.UTF_8);
    private static final String METADATA = "Metadata-Version: 2.1\nName: pkg\nVersion: 1.0\n";
    private static final String WHEEL = "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n";

    @TempDir
    Path dir;

    @Test
    void acceptsHandCraftedWheel() throws Exception {
        Wheel w = WheelReader.read(write(members(), record(members()) + DI + "RECORD,,\n"));
        assertEquals("pkg", w.metadata().name());
        assertEquals(4, w.files().size());
    }

    @Test
    void acceptsStrongerHashesPaddingAndSignatureFiles() throws Exception {
        Map<String, byte[]> m = members();
        m.put(DI + "RECORD.jws", "{}".getBytes(StandardCharsets.UTF_8));
        String sha512 = "sha512=" + java.util.Base64.getUrlEncoder().encodeToString(
                java.security.MessageDigest.getInstance("SHA-512").digest(CODE));
        String text = "pkg/__init__.py," + sha512 + "," + CODE.length + "\n"
                + line(DI + "METADATA", METADATA) + line(DI + "WHEEL", WHEEL) + DI + "RECORD,,\n";
        WheelReader.read(write(m, text));
    }

    @Test
    void refusesHashMismatch() throws Exception {
        String text = record(members()).replace(Sha256.recordHash(CODE), Sha256.recordHash("other".getBytes(StandardCharsets.UTF_8)));
        WheelValidationException e = refused(members(), text + DI + "RECORD,,\n");
        assertEquals(WheelValidationException.RECORD_HASH_MISMATCH, e.code());
        assertEquals("pkg/__init__.py", e.entry());
        assertEquals("RECORD hash of 'pkg/__init__.py' does not match its content", e.getMessage());
    }

    @Test
    void refusesSizeMismatch() throws Exception {
        String text = record(members()).replace("," + CODE.length + "\n", "," + (CODE.length + 1) + "\n");
        WheelValidationException e = refused(members(), text + DI + "RECORD,,\n");
        assertEquals(WheelValidationException.RECORD_SIZE_MISMATCH, e.code());
        assertTrue(e.getMessage().contains("is 13 but the member has 12 bytes"), e.getMessage());
    }

    @Test
    void refusesMemberMissingFromRecord() throws Exception {
        Map<String, byte[]> m = members();
        String text = record(m);
        m.put("pkg/extra.py", CODE);
        WheelValidationException e = refused(m, text + DI + "RECORD,,\n");
        assertEquals(WheelValidationException.RECORD_UNLISTED_MEMBER, e.code());
        assertEquals("member 'pkg/extra.py' is not listed in RECORD", e.getMessage());
        WheelValidationException noRecordLine = refused(members(), record(members()));
        assertEquals(WheelValidationException.RECORD_UNLISTED_MEMBER, noRecordLine.code());
        assertEquals(DI + "RECORD", noRecordLine.entry());
    }

    @Test
    void refusesRecordLineNamingMissingMember() throws Exception {
        String text = record(members()) + "pkg/ghost.py," + Sha256.recordHash(CODE) + ",12\n" + DI + "RECORD,,\n";
        WheelValidationException e = refused(members(), text);
        assertEquals(WheelValidationException.RECORD_MISSING_MEMBER, e.code());
        assertEquals("RECORD lists 'pkg/ghost.py' but the wheel has no such member", e.getMessage());
    }

    @Test
    void refusesOtherRecordProblems() throws Exception {
        String base = record(members());
        assertCode(WheelValidationException.RECORD_DUPLICATE, base + base + DI + "RECORD,,\n");
        assertCode(WheelValidationException.RECORD_WEAK_HASH,
                base.replace(Sha256.recordHash(CODE), "md5=AAAA") + DI + "RECORD,,\n");
        assertCode(WheelValidationException.RECORD_WEAK_HASH,
                base.replace(Sha256.recordHash(CODE), "nohash") + DI + "RECORD,,\n");
        assertCode(WheelValidationException.RECORD_MISSING_HASH,
                base.replace(Sha256.recordHash(CODE), "") + DI + "RECORD,,\n");
        assertCode(WheelValidationException.RECORD_MALFORMED, base + "a,b\n" + DI + "RECORD,,\n");
        assertCode(WheelValidationException.RECORD_MALFORMED, base + "\"unterminated,,\n");
        assertCode(WheelValidationException.RECORD_MALFORMED,
                base.replace(Sha256.recordHash(CODE), "sha256=***") + DI + "RECORD,,\n");
        assertCode(WheelValidationException.RECORD_MALFORMED, base + DI + "RECORD,,x\n");
    }

    @Test
    void refusesDistInfoProblems() throws Exception {
        Map<String, byte[]> none = new LinkedHashMap<>();
        none.put("pkg/__init__.py", CODE);
        assertEquals(WheelValidationException.DIST_INFO_MISSING, refused(none, "").code());

        Map<String, byte[]> two = members();
        two.put("other-1.0.dist-info/METADATA", METADATA.getBytes(StandardCharsets.UTF_8));
        assertEquals(WheelValidationException.DIST_INFO_MULTIPLE, refused(two, record(two)).code());

        Map<String, byte[]> noWheel = members();
        noWheel.remove(DI + "WHEEL");
        WheelValidationException missing = refused(noWheel, record(noWheel) + DI + "RECORD,,\n");
        assertEquals(WheelValidationException.MISSING_FILE, missing.code());
        assertEquals(DI + "WHEEL", missing.entry());

        Map<String, byte[]> renamed = new LinkedHashMap<>();
        members().forEach((k, v) -> renamed.put(k.replace(DI, "pkg-2.0.dist-info/"), v));
        WheelValidationException mismatch = refused(renamed, record(renamed) + "pkg-2.0.dist-info/RECORD,,\n");
        assertEquals(WheelValidationException.DIST_INFO_MISMATCH, mismatch.code());
        assertTrue(mismatch.getMessage().contains("expected 'pkg-1.0.dist-info'"), mismatch.getMessage());

        Map<String, byte[]> badWheel = members();
        badWheel.put(DI + "WHEEL", "Wheel-Version: 2.0\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(WheelValidationException.UNSUPPORTED_VERSION, refused(badWheel, record(badWheel) + DI + "RECORD,,\n").code());

        Map<String, byte[]> badMeta = members();
        badMeta.put(DI + "METADATA", "Name: pkg\n".getBytes(StandardCharsets.UTF_8));
        WheelValidationException meta = refused(badMeta, record(badMeta) + DI + "RECORD,,\n");
        assertEquals("metadata.missing_field", meta.code());
        assertTrue(meta.getMessage().startsWith(DI + "METADATA: "), meta.getMessage());
    }

    @Test
    void archiveProblemsKeepTheirCode() throws Exception {
        RawZip zip = zipOf(members(), record(members()) + DI + "RECORD,,\n");
        zip.stored("../escape.py", CODE);
        Path file = dir.resolve("bad.whl");
        Files.write(file, zip.build());
        WheelValidationException e = assertThrows(WheelValidationException.class, () -> WheelReader.read(file));
        assertEquals(ArchiveException.PATH_TRAVERSAL, e.code());
        assertEquals("../escape.py", e.entry());
        assertTrue(e.getCause() instanceof ArchiveException);

        RawZip link = zipOf(members(), record(members()) + DI + "RECORD,,\n");
        link.entries().get(0).externalAttributes = 0120777L << 16;
        Files.write(file, link.build());
        assertEquals(ArchiveException.SYMLINK, assertThrows(WheelValidationException.class, () -> WheelReader.read(file)).code());

        Path ok = write(members(), record(members()) + DI + "RECORD,,\n");
        WheelValidationException tooLarge = assertThrows(WheelValidationException.class,
                () -> WheelReader.read(ok, ArchiveLimits.DEFAULTS.withMaxTotalUncompressed(100)));
        assertEquals(ArchiveException.TOO_LARGE, tooLarge.code());
    }

    private void assertCode(String code, String recordText) throws Exception {
        WheelValidationException e = refused(members(), recordText);
        assertEquals(code, e.code(), e.getMessage());
    }

    private WheelValidationException refused(Map<String, byte[]> m, String recordText) throws Exception {
        Path file = write(m, recordText);
        return assertThrows(WheelValidationException.class, () -> WheelReader.read(file));
    }

    private static Map<String, byte[]> members() {
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("pkg/__init__.py", CODE);
        m.put(DI + "METADATA", METADATA.getBytes(StandardCharsets.UTF_8));
        m.put(DI + "WHEEL", WHEEL.getBytes(StandardCharsets.UTF_8));
        return m;
    }

    private static String record(Map<String, byte[]> m) {
        StringBuilder sb = new StringBuilder();
        m.forEach((k, v) -> sb.append(k).append(',').append(Sha256.recordHash(v)).append(',').append(v.length).append('\n'));
        return sb.toString();
    }

    private static String line(String path, String content) {
        byte[] b = content.getBytes(StandardCharsets.UTF_8);
        return path + "," + Sha256.recordHash(b) + "," + b.length + "\n";
    }

    private static RawZip zipOf(Map<String, byte[]> m, String recordText) {
        RawZip zip = new RawZip();
        m.forEach(zip::deflated);
        String top = m.keySet().stream().filter(k -> k.contains(".dist-info/")).findFirst()
                .map(k -> k.substring(0, k.indexOf('/') + 1)).orElse(null);
        if (top != null) {
            zip.deflated(top + "RECORD", recordText.getBytes(StandardCharsets.UTF_8));
        }
        return zip;
    }

    private Path write(Map<String, byte[]> m, String recordText) throws Exception {
        Path file = Files.createTempFile(dir, "w", ".whl");
        Files.write(file, zipOf(m, recordText).build());
        return file;
    }
}
