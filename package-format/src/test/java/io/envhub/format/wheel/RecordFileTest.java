package io.envhub.format.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.metadata.CoreMetadata;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordFileTest {

    @Test
    void quotesLikePythonCsv() {
        List<RecordEntry> entries = List.of(
                new RecordEntry("plain.py", "sha256=abc", 3L),
                new RecordEntry("with,comma.txt", "sha256=def", 4L),
                new RecordEntry("with\"quote\".txt", "sha256=ghi", 5L),
                new RecordEntry("pkg-1.0.dist-info/RECORD", null, null));
        String text = RecordFile.write(entries);
        assertEquals("plain.py,sha256=abc,3\n\"with,comma.txt\",sha256=def,4\n\"with\"\"quote\"\".txt\",sha256=ghi,5\n"
                + "pkg-1.0.dist-info/RECORD,,\n", text);
        assertEquals(entries, RecordFile.parse(text));
        assertEquals(entries, RecordFile.parse(text.replace("\n", "\r\n")));
        assertEquals(entries, RecordFile.parse(text.replace("\n", "\n\n")));
    }

    @Test
    void reportsMalformedLinesWithLineNumbers() {
        WheelValidationException e = assertThrows(WheelValidationException.class, () -> RecordFile.parse("a,b,1\nc,d\n"));
        assertEquals(WheelValidationException.RECORD_MALFORMED, e.code());
        assertEquals("RECORD line 2: expected 3 fields (path,hash,size) but found 2", e.getMessage());
        assertTrue(assertThrows(WheelValidationException.class, () -> RecordFile.parse("\"a\"x,b,1\n")).getMessage()
                .contains("text after a closing quote"));
        assertTrue(assertThrows(WheelValidationException.class, () -> RecordFile.parse(",h,1\n")).getMessage()
                .contains("empty path"));
        assertTrue(assertThrows(WheelValidationException.class, () -> RecordFile.parse("a,h,-1\n")).getMessage()
                .contains("is not a number"));
    }

    @Test
    void wheelWithUnusualFileNamesRoundTrips(@TempDir Path dir) {
        String odd = "pkg/caf\u00e9, \"quoted\".txt";
        Path file = new WheelWriter(CoreMetadata.of("pkg", "1.0")).addFile(odd, "x".getBytes(StandardCharsets.UTF_8))
                .writeTo(dir);
        Wheel wheel = WheelReader.read(file);
        assertEquals(odd, wheel.files().get(0));
        assertEquals(odd, wheel.record().get(0).path());
        assertTrue(Files.exists(file));
    }

    @Test
    void wheelInfoParsing() {
        WheelInfo info = WheelInfo.parse("Wheel-Version: 1.9\r\nGenerator: bdist_wheel (0.41)\r\nRoot-Is-Purelib: false\r\n"
                + "Tag: py2-none-any\r\nTag: py3-none-any\r\nBuild: 1\r\nX-Other: y\r\n");
        assertEquals(new WheelInfo("1.9", "bdist_wheel (0.41)", false, List.of("py2-none-any", "py3-none-any"), "1"), info);
        assertEquals(info, WheelInfo.parse(info.write()));
        assertEquals(WheelValidationException.BAD_WHEEL_FILE,
                assertThrows(WheelValidationException.class, () -> WheelInfo.parse("Generator: x\n")).code());
        assertEquals(WheelValidationException.BAD_WHEEL_FILE,
                assertThrows(WheelValidationException.class, () -> WheelInfo.parse("garbage\n")).code());
        assertEquals(WheelValidationException.UNSUPPORTED_VERSION,
                assertThrows(WheelValidationException.class, () -> WheelInfo.parse("Wheel-Version: 2.0\n")).code());
    }
}
