package io.envhub.format.pyproject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.version.Version;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PyProjectReaderTest {

    static final String VERIFIERS_STYLE = """
            [project]
            name = "reverse-text"
            description = "Reverse a given paragraph of text."
            tags = ["single-turn", "reverse", "train", "eval"]
            version = "0.1.4"
            license = "Apache-2.0"
            requires-python = ">=3.10"
            readme = "README.md"
            authors = [{ name = "Ada Lovelace", email = "ada@example.org" }, { name = "Bob" }]
            dependencies = [
                "verifiers>=0.1.3",
                "datasets",
            ]

            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [tool.hatch.build]
            include = ["reverse_text.py"]

            [tool.hatch.build.targets.wheel]
            packages = ["reverse_text"]

            [tool.verifiers.eval]
            num_examples = 20
            rollouts_per_example = 3
            temperature = 0.7
            sampling = { top_p = 0.9 }
            models = ["a", "b"]
            """;

    @Test
    void readsVerifiersStyleProject() {
        PyProject p = PyProjectReader.parse(VERIFIERS_STYLE);
        assertEquals("reverse-text", p.name().normalized());
        assertEquals("reverse_text", p.name().moduleName());
        assertEquals(Version.parse("0.1.4"), p.version());
        assertEquals("0.1.4", p.version().toString());
        assertEquals("Reverse a given paragraph of text.", p.description());
        assertEquals(List.of("single-turn", "reverse", "train", "eval"), p.keywords());
        assertEquals(License.ofText("Apache-2.0"), p.license());
        assertEquals(List.of("verifiers>=0.1.3", "datasets"), p.dependencies());
        assertEquals(">=3.10", p.requiresPython());
        assertEquals(new Readme("README.md", null, "text/markdown"), p.readme());
        assertEquals(List.of(new Person("Ada Lovelace", "ada@example.org"), new Person("Bob", null)), p.authors());
        assertEquals(List.of("reverse_text.py"), p.hatchInclude());
        assertEquals(List.of("reverse_text"), p.wheelPackages());
        assertEquals(20L, p.verifiersEval().get("num_examples"));
        assertEquals(3L, p.verifiersEval().get("rollouts_per_example"));
        assertEquals(0.7, p.verifiersEval().get("temperature"));
        assertEquals(Map.of("top_p", 0.9), p.verifiersEval().get("sampling"));
        assertEquals(List.of("a", "b"), p.verifiersEval().get("models"));
        assertEquals(List.of("num_examples", "rollouts_per_example", "temperature", "sampling", "models"),
                List.copyOf(p.verifiersEval().keySet()));
    }

    @Test
    void minimalProjectHasEmptyDefaults() {
        PyProject p = PyProjectReader.parse("[project]\nname = \"x\"\nversion = \"1\"\n");
        assertNull(p.description());
        assertNull(p.license());
        assertNull(p.readme());
        assertNull(p.requiresPython());
        assertTrue(p.keywords().isEmpty() && p.dependencies().isEmpty() && p.authors().isEmpty());
        assertTrue(p.hatchInclude().isEmpty() && p.wheelPackages().isEmpty() && p.verifiersEval().isEmpty());
    }

    @Test
    void toolEnvhubDomainsArePublishedAsKeywords() {
        PyProject p = PyProjectReader.parse("[project]\nname='x'\nversion='1'\nkeywords=['math', 'single-turn']\n"
                + "[tool.envhub]\ndomains = ['mathematics', 'education', 'math']\n");
        assertEquals(List.of("math", "single-turn", "mathematics", "education"), p.keywords());
        PyProjectException e = org.junit.jupiter.api.Assertions.assertThrows(PyProjectException.class,
                () -> PyProjectReader.parse("[project]\nname='x'\nversion='1'\n[tool.envhub]\ndomains = 'physics'\n"));
        assertTrue(e.getMessage().contains("tool.envhub.domains"), e.getMessage());
    }

    @Test
    void keywordsMergeTagsAndKeywordsWithoutDuplicates() {
        PyProject p = PyProjectReader.parse("[project]\nname='x'\nversion='1'\ntags=['a','b']\nkeywords=['b','c']\n");
        assertEquals(List.of("a", "b", "c"), p.keywords());
        PyProject k = PyProjectReader.parse("[project]\nname='x'\nversion='1'\nkeywords=['k']\n");
        assertEquals(List.of("k"), k.keywords());
    }

    @Test
    void licenseForms() {
        assertEquals(License.ofText("MIT License text"),
                parse("license = { text = \"MIT License text\" }").license());
        License file = parse("license = { file = \"LICENSE\" }").license();
        assertTrue(file.isFile());
        assertEquals("LICENSE", file.file());
        assertInvalid("license = { text = \"a\", file = \"b\" }", "project.license", "exactly one");
        assertInvalid("license = {}", "project.license", "exactly one");
        assertInvalid("license = 3", "project.license", "must be a string or a table");
    }

    @Test
    void readmeForms() {
        assertEquals(new Readme("docs/README.rst", null, "text/x-rst"), parse("readme = \"docs/README.rst\"").readme());
        assertEquals(new Readme("README.txt", null, "text/plain"), parse("readme = \"README.txt\"").readme());
        assertEquals(new Readme("README", null, "text/markdown"),
                parse("readme = { file = \"README\", content-type = \"text/markdown\" }").readme());
        assertEquals(new Readme(null, "Hello", "text/plain"), parse("readme = { text = \"Hello\" }").readme());
        assertEquals(new Readme("R.md", null, "text/markdown"), parse("readme = { file = \"R.md\" }").readme());
        assertInvalid("readme = \"README\"", "project.readme", "cannot infer the content type of 'README'");
        assertInvalid("readme = { file = \"a.md\", text = \"b\" }", "project.readme", "exactly one");
        assertInvalid("readme = { file = \"README\" }", "project.readme.content-type", "cannot be inferred");
    }

    @Test
    void missingNameOrVersion() {
        PyProjectException e = assertThrows(PyProjectException.class, () -> PyProjectReader.parse("[project]\nversion='1'\n"));
        assertEquals(PyProjectException.MISSING_FIELD, e.code());
        assertEquals("project.name", e.field());
        assertEquals("missing project.name", e.getMessage());
        e = assertThrows(PyProjectException.class, () -> PyProjectReader.parse("[project]\nname='x'\n"));
        assertEquals(PyProjectException.MISSING_FIELD, e.code());
        assertEquals("project.version", e.field());
        e = assertThrows(PyProjectException.class,
                () -> PyProjectReader.parse("[project]\nname='x'\ndynamic=['version']\n"));
        assertTrue(e.getMessage().contains("declared dynamic"), e.getMessage());
        e = assertThrows(PyProjectException.class, () -> PyProjectReader.parse("[tool.x]\na=1\n"));
        assertEquals("missing [project] table", e.getMessage());
    }

    @Test
    void invalidNameOrVersion() {
        PyProjectException e = assertThrows(PyProjectException.class,
                () -> PyProjectReader.parse("[project]\nname='-bad'\nversion='1'\n"));
        assertEquals(PyProjectException.INVALID_NAME, e.code());
        assertTrue(e.getMessage().contains("'-bad'") && e.getMessage().contains("must start with"), e.getMessage());
        e = assertThrows(PyProjectException.class, () -> PyProjectReader.parse("[project]\nname='ok'\nversion='1.0.x'\n"));
        assertEquals(PyProjectException.INVALID_VERSION, e.code());
        assertEquals("project.version", e.field());
        assertTrue(e.getMessage().contains("'1.0.x'"), e.getMessage());
        e = assertThrows(PyProjectException.class, () -> PyProjectReader.parse("[project]\nname='ok'\nversion=1\n"));
        assertEquals(PyProjectException.INVALID_FIELD, e.code());
        assertEquals("project.version must be a string such as \"0.1.0\"", e.getMessage());
    }

    @Test
    void wrongTypes() {
        assertInvalid("dependencies = \"verifiers\"", "project.dependencies", "must be an array");
        assertInvalid("dependencies = [\"a\", 1]", "project.dependencies[1]", "must be a string");
        assertInvalid("tags = [true]", "project.tags[0]", "must be a string");
        assertInvalid("description = 5", "project.description", "must be a string");
        assertInvalid("authors = [\"Ada\"]", "project.authors[0]", "must be a table");
        assertInvalid("authors = [{}]", "project.authors[0]", "needs 'name' or 'email'");
        PyProjectException e = assertThrows(PyProjectException.class, () -> PyProjectReader.parse(
                "[project]\nname='x'\nversion='1'\n[tool.verifiers]\neval = 3\n"));
        assertEquals("tool.verifiers.eval", e.field());
    }

    @Test
    void malformedTomlReportsLine() {
        PyProjectException e = assertThrows(PyProjectException.class,
                () -> PyProjectReader.parse("[project]\nname = \"x\"\nversion = = \"1\"\n"));
        assertEquals(PyProjectException.MALFORMED, e.code());
        assertEquals(3, e.line());
        assertTrue(e.getMessage().startsWith("malformed TOML at line 3: "), e.getMessage());
        e = assertThrows(PyProjectException.class, () -> PyProjectReader.parse("[project]\nname = \"x\"\nname = \"y\"\n"));
        assertEquals(PyProjectException.MALFORMED, e.code());
        e = assertThrows(PyProjectException.class, () -> PyProjectReader.parse("[project\n"));
        assertEquals(PyProjectException.MALFORMED, e.code());
        assertEquals(1, e.line());
    }

    @Test
    void readsFromFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("pyproject.toml");
        Files.writeString(file, VERIFIERS_STYLE);
        assertEquals("reverse-text", PyProjectReader.read(file).name().normalized());
        PyProjectException e = assertThrows(PyProjectException.class, () -> PyProjectReader.read(dir.resolve("nope.toml")));
        assertEquals(PyProjectException.IO, e.code());
    }

    private static PyProject parse(String projectLines) {
        return PyProjectReader.parse("[project]\nname = \"x\"\nversion = \"1.0\"\n" + projectLines + "\n");
    }

    private static void assertInvalid(String projectLines, String field, String reasonPart) {
        PyProjectException e = assertThrows(PyProjectException.class, () -> parse(projectLines));
        assertEquals(PyProjectException.INVALID_FIELD, e.code());
        assertEquals(field, e.field());
        assertTrue(e.getMessage().contains(reasonPart), e.getMessage());
    }
}
