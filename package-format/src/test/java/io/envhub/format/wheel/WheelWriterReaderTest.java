package io.envhub.format.wheel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.format.archive.ZipEntryInfo;
import io.envhub.format.hash.Sha256;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.metadata.ProjectMetadata;
import io.envhub.format.pyproject.PyProject;
import io.envhub.format.pyproject.PyProjectReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WheelWriterReaderTest {

    static final String PYPROJECT = """
            [project]
            name = "Reverse_Text"
            version = "0.1.4"
            description = "Reverse a given paragraph of text."
            tags = ["single-turn", "reverse"]
            license = "Apache-2.0"
            requires-python = ">=3.10"
            readme = "README.md"
            dependencies = ["verifiers>=0.1.3"]

            [tool.verifiers.eval]
            num_examples = 20
            rollouts_per_example = 3
            """;

    static final String MODULE = "def load_environment(**kwargs):\n    return 'reversed'\n";

    @TempDir
    Path dir;

    static WheelWriter writer(Path projectDir) throws Exception {
        Files.writeString(projectDir.resolve("README.md"), "# Reverse text\n");
        PyProject project = PyProjectReader.parse(PYPROJECT);
        CoreMetadata metadata = ProjectMetadata.from(project, projectDir);
        return new WheelWriter(metadata)
                .addFile("reverse_text/__init__.py", MODULE.getBytes(StandardCharsets.UTF_8))
                .addFile("reverse_text/data/prompts.txt", "one\ntwo\n".getBytes(StandardCharsets.UTF_8))
                .addFile("reverse_text-0.1.4.dist-info/licenses/LICENSE", "Apache".getBytes(StandardCharsets.UTF_8))
                .addFile("reverse_text.py", "from reverse_text import *\n".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void roundTrip() throws Exception {
        WheelWriter writer = writer(dir);
        Path wheelFile = writer.writeTo(dir);
        assertEquals("reverse_text-0.1.4-py3-none-any.whl", wheelFile.getFileName().toString());
        Wheel wheel = WheelReader.read(wheelFile);
        assertEquals("reverse_text-0.1.4.dist-info", wheel.distInfoDir());
        assertEquals("Reverse_Text", wheel.metadata().name());
        assertEquals("0.1.4", wheel.metadata().version());
        assertEquals("Reverse a given paragraph of text.", wheel.metadata().summary());
        assertEquals(List.of("verifiers>=0.1.3"), wheel.metadata().requiresDist());
        assertEquals("# Reverse text\n", wheel.metadata().description());
        assertEquals("text/markdown", wheel.metadata().descriptionContentType());
        assertEquals(new WheelInfo("1.0", WheelWriter.DEFAULT_GENERATOR, true, List.of("py3-none-any"), null), wheel.info());
        assertEquals(List.of(
                "reverse_text.py",
                "reverse_text/__init__.py",
                "reverse_text/data/prompts.txt",
                "reverse_text-0.1.4.dist-info/METADATA",
                "reverse_text-0.1.4.dist-info/WHEEL",
                "reverse_text-0.1.4.dist-info/licenses/LICENSE",
                "reverse_text-0.1.4.dist-info/RECORD"), wheel.files());
        assertEquals(wheel.files(), wheel.record().stream().map(RecordEntry::path).toList());
        RecordEntry init = wheel.record().get(1);
        assertEquals(Sha256.recordHash(MODULE.getBytes(StandardCharsets.UTF_8)), init.hash());
        assertEquals(MODULE.length(), init.size());
        RecordEntry record = wheel.record().get(6);
        assertNull(record.hash());
        assertNull(record.size());
        assertEquals("reverse_text-0.1.4-py3-none-any.whl", wheel.expectedFileName());
        wheel.checkFileName("reverse_text-0.1.4-py3-none-any.whl");
        wheel.checkFileName("Reverse.Text-0.1.4.0-py3-none-any.whl");
        WheelValidationException e = assertThrows(WheelValidationException.class,
                () -> wheel.checkFileName("reverse_text-0.1.5-py3-none-any.whl"));
        assertEquals(WheelValidationException.FILENAME, e.code());
        assertThrows(WheelValidationException.class, () -> wheel.checkFileName("reverse_text-0.1.4-cp311-cp311-linux_x86_64.whl"));
        assertThrows(WheelValidationException.class, () -> wheel.checkFileName("reverse_text.zip"));
    }

    @Test
    void recordFileText() throws Exception {
        byte[] bytes = writer(dir).toBytes();
        Path file = dir.resolve("w.whl");
        Files.write(file, bytes);
        try (SafeZipReader r = SafeZipReader.open(file, ArchiveLimits.DEFAULTS)) {
            String record = new String(r.readAllBytes(r.find("reverse_text-0.1.4.dist-info/RECORD").orElseThrow()),
                    StandardCharsets.UTF_8);
            assertTrue(record.startsWith("reverse_text.py,sha256="), record);
            assertTrue(record.endsWith("\nreverse_text-0.1.4.dist-info/RECORD,,\n"), record);
            assertTrue(record.contains("reverse_text/__init__.py," + Sha256.recordHash(MODULE.getBytes(StandardCharsets.UTF_8))
                    + "," + MODULE.length() + "\n"), record);
            String wheelFile = new String(r.readAllBytes(r.find("reverse_text-0.1.4.dist-info/WHEEL").orElseThrow()),
                    StandardCharsets.UTF_8);
            assertEquals("Wheel-Version: 1.0\nGenerator: envhub-package-format 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
                    wheelFile);
            for (ZipEntryInfo e : r.entries()) {
                assertEquals(0100644, e.unixMode(), e.name());
                assertEquals(ZipEntryInfo.DEFLATED, e.method(), e.name());
            }
        }
        // fixed DOS timestamp 1980-01-01 00:00:00 in every local header (time at offset 10, date at 12)
        assertEquals(0, bytes[10] | bytes[11]);
        assertEquals(0x21, bytes[12]);
        assertEquals(0, bytes[13]);
    }

    @Test
    void writesReproducibly() throws Exception {
        Path a = Files.createDirectory(dir.resolve("a"));
        Path b = Files.createDirectory(dir.resolve("b"));
        byte[] first = writer(a).toBytes();
        Thread.sleep(1100);
        Files.setLastModifiedTime(b, java.nio.file.attribute.FileTime.fromMillis(0));
        byte[] second = writer(b).toBytes();
        assertArrayEquals(first, second);
        assertEquals(Sha256.hex(Sha256.digest(first)), Sha256.hex(Sha256.digest(second)));
        Path out1 = writer(a).writeTo(Files.createDirectory(dir.resolve("out1")));
        Path out2 = writer(b).writeTo(Files.createDirectory(dir.resolve("out2")));
        assertArrayEquals(Files.readAllBytes(out1), Files.readAllBytes(out2));
        assertArrayEquals(first, Files.readAllBytes(out1));
    }

    @Test
    void insertionOrderDoesNotMatter() {
        CoreMetadata m = CoreMetadata.of("pkg", "1.0");
        byte[] one = new WheelWriter(m).addFile("pkg/b.py", new byte[] {1}).addFile("pkg/a.py", new byte[] {2})
                .addFile("pkg-1.0.dist-info/entry_points.txt", new byte[] {3}).toBytes();
        byte[] two = new WheelWriter(m).addFile("pkg-1.0.dist-info/entry_points.txt", new byte[] {3})
                .addFile("pkg/a.py", new byte[] {2}).addFile("pkg/b.py", new byte[] {1}).toBytes();
        assertArrayEquals(one, two);
    }

    @Test
    void addFilesFromDirectory() throws Exception {
        Files.createDirectories(dir.resolve("pkg"));
        Files.writeString(dir.resolve("pkg/__init__.py"), "X = 1\n");
        Path wheelFile = new WheelWriter(CoreMetadata.of("pkg", "2.0.0")).addFiles(dir, List.of("pkg/__init__.py"))
                .writeTo(dir);
        assertEquals("pkg-2.0.0-py3-none-any.whl", wheelFile.getFileName().toString());
        Wheel wheel = WheelReader.read(wheelFile);
        assertEquals(List.of("pkg/__init__.py", "pkg-2.0.0.dist-info/METADATA", "pkg-2.0.0.dist-info/WHEEL",
                "pkg-2.0.0.dist-info/RECORD"), wheel.files());
    }

    @Test
    void writerRefusesBadInput() {
        WheelWriter w = new WheelWriter(CoreMetadata.of("pkg", "1.0"));
        for (String bad : new String[] {"../x.py", "/abs.py", "a\\b.py", "a//b.py", "./a.py", "dir/", "",
            "pkg-1.0.dist-info/RECORD", "pkg-1.0.dist-info/METADATA", "pkg-1.0.dist-info/WHEEL", "other-2.0.dist-info/x"}) {
            assertThrows(IllegalArgumentException.class, () -> w.addFile(bad, new byte[0]), bad);
        }
        w.addFile("pkg/a.py", new byte[0]);
        assertThrows(IllegalArgumentException.class, () -> w.addFile("pkg/a.py", new byte[0]));
        assertThrows(RuntimeException.class, () -> new WheelWriter(CoreMetadata.of("bad name", "1.0")));
        assertThrows(RuntimeException.class, () -> new WheelWriter(CoreMetadata.of("ok", "one")));
    }

    @Test
    void canonicalizesVersionInFileNames() {
        WheelWriter w = new WheelWriter(CoreMetadata.of("My.Pkg", "1.0-ALPHA1"));
        assertEquals("my_pkg-1.0a1-py3-none-any.whl", w.fileName().toString());
        assertEquals("my_pkg-1.0a1.dist-info", w.fileName().distInfoDir());
        WheelFileName parsed = WheelFileName.parse("my_pkg-1.0a1-7-py2.py3-none-any.whl");
        assertEquals("7", parsed.build());
        assertEquals("py2.py3", parsed.pythonTag());
        assertEquals("my-pkg", parsed.name().normalized());
    }

    @Test
    void interoperatesWithJavaZipFileReading() throws Exception {
        Path wheelFile = writer(dir).writeTo(dir);
        List<String> names = new ArrayList<>();
        try (java.util.zip.ZipFile zf = new java.util.zip.ZipFile(wheelFile.toFile())) {
            zf.stream().forEach(e -> names.add(e.getName()));
            assertEquals(MODULE, new String(zf.getInputStream(zf.getEntry("reverse_text/__init__.py")).readAllBytes(),
                    StandardCharsets.UTF_8));
        }
        assertEquals(7, names.size());
    }
}
