package io.envhub.format.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.pyproject.PyProject;
import io.envhub.format.pyproject.PyProjectReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetadataTest {

    private static final String PYPROJECT = """
            [project]
            name = "reverse-text"
            version = "0.1.4"
            description = "Reverse a given paragraph of text."
            tags = ["single-turn", "reverse"]
            license = "Apache-2.0"
            requires-python = ">=3.10"
            readme = "README.md"
            authors = [{ name = "Ada", email = "ada@example.org" }, { name = "Bob" }]
            dependencies = ["verifiers>=0.1.3", "datasets; python_version >= '3.10'"]
            """;

    @Test
    void writesFromProjectAndParsesBack(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("README.md"), "# Reverse text\n\nReverses text.\n\nKey: not a header\n");
        PyProject project = PyProjectReader.parse(PYPROJECT);
        CoreMetadata metadata = ProjectMetadata.from(project, dir);
        String text = MetadataWriter.write(metadata);
        assertEquals("""
                Metadata-Version: 2.1
                Name: reverse-text
                Version: 0.1.4
                Summary: Reverse a given paragraph of text.
                Keywords: single-turn,reverse
                Author: Bob
                Author-email: Ada <ada@example.org>
                License: Apache-2.0
                Requires-Python: >=3.10
                Requires-Dist: verifiers>=0.1.3
                Requires-Dist: datasets; python_version >= '3.10'
                Description-Content-Type: text/markdown

                # Reverse text

                Reverses text.

                Key: not a header
                """, text);
        CoreMetadata parsed = MetadataParser.parse(text);
        assertEquals(metadata, parsed);
        assertEquals(List.of("verifiers>=0.1.3", "datasets; python_version >= '3.10'"), parsed.requiresDist());
        assertEquals(List.of("single-turn", "reverse"), parsed.keywords());
        assertEquals("# Reverse text\n\nReverses text.\n\nKey: not a header\n", parsed.description());
    }

    @Test
    void multiLineValuesRoundTrip() {
        CoreMetadata m = new CoreMetadata("2.1", "x", "1.0", "one  line\nsummary", List.of(), "Line one\n  indented\n\nlast",
                null, List.of(), null, null, null, null,
                List.of(new MetadataField("Classifier", "A :: B"), new MetadataField("Classifier", "C :: D")));
        String text = MetadataWriter.write(m);
        assertTrue(text.contains("Summary: one line summary\n"), text);
        assertTrue(text.contains("License: Line one\n          indented\n        \n        last\n"), text);
        CoreMetadata back = MetadataParser.parse(text);
        assertEquals("Line one\n  indented\n\nlast", back.license());
        assertEquals(List.of("A :: B", "C :: D"), back.other("classifier"));
        assertNull(back.description());
    }

    @Test
    void headerInjectionIsFoldedNotInterpreted() {
        CoreMetadata m = new CoreMetadata("2.1", "x", "1.0", null, List.of(), "MIT\nRequires-Dist: evil", null, List.of(), null, null,
                null, null, List.of());
        CoreMetadata back = MetadataParser.parse(MetadataWriter.write(m));
        assertTrue(back.requiresDist().isEmpty());
        assertEquals("MIT\nRequires-Dist: evil", back.license());
        CoreMetadata withBody = CoreMetadata.of("x", "1.0").withDescription("Body\n\nName: not-a-header\n", "text/plain");
        CoreMetadata parsed = MetadataParser.parse(MetadataWriter.write(withBody));
        assertEquals("x", parsed.name());
        assertEquals("Body\n\nName: not-a-header\n", parsed.description());
        assertEquals("text/plain", parsed.descriptionContentType());
    }

    @Test
    void parsesForeignMetadata() {
        String text = "Metadata-Version: 2.3\r\nName: Foo_Bar\r\nVersion: 1.0\r\nKeywords: a, b ,c\r\n"
                + "Project-URL: Home, https://example.org\r\nDescription: old style\r\n        |continued\r\n";
        CoreMetadata m = MetadataParser.parse(text.getBytes(StandardCharsets.UTF_8));
        assertEquals("2.3", m.metadataVersion());
        assertEquals("Foo_Bar", m.name());
        assertEquals(List.of("a", "b", "c"), m.keywords());
        assertEquals(List.of("Home, https://example.org"), m.other("Project-URL"));
        assertEquals("old style\n|continued", m.description());
    }

    @Test
    void parseErrors() {
        MetadataException e = assertThrows(MetadataException.class, () -> MetadataParser.parse("Metadata-Version: 2.1\nName x\n"));
        assertEquals(MetadataException.MALFORMED, e.code());
        assertTrue(e.getMessage().startsWith("line 2: expected 'Name: value'"), e.getMessage());
        e = assertThrows(MetadataException.class, () -> MetadataParser.parse("Metadata-Version: 2.1\nName: x\n"));
        assertEquals(MetadataException.MISSING_FIELD, e.code());
        assertEquals("metadata has no Version header", e.getMessage());
        e = assertThrows(MetadataException.class, () -> MetadataParser.parse(" continued\n"));
        assertEquals(MetadataException.MALFORMED, e.code());
        e = assertThrows(MetadataException.class, () -> MetadataParser.parse(new byte[] {'N', 'a', (byte) 0xff}));
        assertEquals("metadata is not valid UTF-8", e.getMessage());
    }

    @Test
    void writerRefusesInvalidValues() {
        MetadataException e = assertThrows(MetadataException.class, () -> MetadataWriter.write(CoreMetadata.of("bad name", "1")));
        assertEquals(MetadataException.INVALID_FIELD, e.code());
        e = assertThrows(MetadataException.class, () -> MetadataWriter.write(CoreMetadata.of("ok", "x.y")));
        assertEquals(MetadataException.INVALID_FIELD, e.code());
        CoreMetadata comma = new CoreMetadata("2.1", "ok", "1", null, List.of("a,b"), null, null, List.of(), null, null, null,
                null, List.of());
        assertTrue(assertThrows(MetadataException.class, () -> MetadataWriter.write(comma)).getMessage().contains("'a,b'"));
        CoreMetadata badHeader = new CoreMetadata("2.1", "ok", "1", null, List.of(), null, null, List.of(), null, null, null,
                null, List.of(new MetadataField("Bad: header", "v")));
        assertThrows(MetadataException.class, () -> MetadataWriter.write(badHeader));
    }

    @Test
    void projectMetadataVariants(@TempDir Path dir) throws Exception {
        PyProject inline = PyProjectReader.parse("[project]\nname='x'\nversion='1'\nreadme={text='Hi', content-type='text/plain'}\n"
                + "license={file='LICENSE'}\nauthors=[{email='a@b.c'}]\n");
        CoreMetadata m = ProjectMetadata.from(inline, null);
        assertEquals("Hi", m.description());
        assertEquals("text/plain", m.descriptionContentType());
        assertEquals(List.of("LICENSE"), m.other("License-File"));
        assertNull(m.license());
        assertEquals("a@b.c", m.authorEmail());
        PyProject escaping = PyProjectReader.parse("[project]\nname='x'\nversion='1'\nreadme='../secret.md'\n");
        MetadataException e = assertThrows(MetadataException.class, () -> ProjectMetadata.from(escaping, dir));
        assertTrue(e.getMessage().contains("outside the project directory"), e.getMessage());
        PyProject missing = PyProjectReader.parse("[project]\nname='x'\nversion='1'\nreadme='README.md'\n");
        assertEquals(MetadataException.IO, assertThrows(MetadataException.class, () -> ProjectMetadata.from(missing, dir)).code());
    }
}
