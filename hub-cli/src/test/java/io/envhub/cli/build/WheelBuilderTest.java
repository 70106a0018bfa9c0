package io.envhub.cli.build;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.wheel.Wheel;
import io.envhub.format.wheel.WheelReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WheelBuilderTest {
    @TempDir
    Path tmp;

    static final String MODULE = """
            def exact(completion, answer, **kwargs) -> float:
                return 1.0 if str(completion).strip() == answer else 0.0

            class _Rubric:
                funcs = [exact]
                weights = [1.0]

            class _Env:
                def __init__(self, rows):
                    self.dataset = rows
                    self.rubric = _Rubric()

            def load_environment(**kwargs):
                return _Env([{"prompt": "abc", "answer": "cba"}, {"prompt": "xy", "answer": "yx"}])
            """;

    static Path project(Path dir, String name, String extraToml, String... files) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pyproject.toml"), """
                [project]
                name = "%s"
                version = "0.2.0"
                description = "A fixture environment"
                tags = ["fixture", "single-turn"]
                license = "MIT"
                requires-python = ">=3.10"
                dependencies = []

                [build-system]
                requires = ["hatchling"]
                build-backend = "hatchling.build"
                %s
                """.formatted(name, extraToml));
        Files.writeString(dir.resolve("README.md"), "# " + name + "\n\nA fixture.\n");
        for (int i = 0; i < files.length; i += 2) {
            Path p = dir.resolve(files[i]);
            Files.createDirectories(p.getParent());
            Files.writeString(p, files[i + 1], StandardCharsets.UTF_8);
        }
        return dir;
    }

    @Test
    void singleModuleLayoutInstallsImportsAndRuns() throws IOException {
        Path dir = project(tmp.resolve("p"), "echo-env", "", "echo_env.py", MODULE, "notes.txt", "not packaged");
        BuildResult r = WheelBuilder.build(dir);
        assertEquals(dir.toAbsolutePath().normalize().resolve("dist/echo_env-0.2.0-py3-none-any.whl"), r.wheel());
        assertEquals(List.of("echo_env.py"), r.files());
        Wheel wheel = WheelReader.read(r.wheel());
        assertEquals(List.of("fixture", "single-turn"), wheel.metadata().keywords());
        assertTrue(wheel.metadata().description().startsWith("# echo-env"));
        assertTrue(LocalChecks.allPassed(LocalChecks.run(r)), LocalChecks.run(r).toString());
        assertRuns(r, "echo_env");
    }

    @Test
    void packageLayoutAndSrcLayout() throws IOException {
        Path pkg = project(tmp.resolve("pkg"), "pkg-env", "", "pkg_env/__init__.py", "from .core import load_environment\n",
                "pkg_env/core.py", MODULE, "pkg_env/data/rows.json", "[]", "tests/test_x.py", "assert True");
        BuildResult r = WheelBuilder.build(pkg);
        assertEquals(List.of("pkg_env/__init__.py", "pkg_env/core.py", "pkg_env/data/rows.json"), r.files());
        assertTrue(LocalChecks.allPassed(LocalChecks.run(r)), LocalChecks.run(r).toString());
        assertRuns(r, "pkg_env");

        Path src = project(tmp.resolve("src"), "src-env", "", "src/src_env/__init__.py", MODULE);
        BuildResult s = WheelBuilder.build(src);
        assertEquals(List.of("src_env/__init__.py"), s.files());
        assertRuns(s, "src_env");
    }

    @Test
    void hatchIncludeAndPackages() throws IOException {
        Path inc = project(tmp.resolve("inc"), "inc-env", "[tool.hatch.build]\ninclude = [\"inc_env.py\", \"missing_v1.py\", \"assets\"]\n",
                "inc_env.py", MODULE, "assets/a.txt", "a", "other.py", "x = 1");
        assertEquals(List.of("assets/a.txt", "inc_env.py"), WheelBuilder.build(inc).files());

        Path pk = project(tmp.resolve("pk"), "pk-env", "[tool.hatch.build.targets.wheel]\npackages = [\"lib/pk_env\"]\n",
                "lib/pk_env/__init__.py", MODULE, "lib/other/__init__.py", "");
        BuildResult r = WheelBuilder.build(pk);
        assertEquals(List.of("pk_env/__init__.py"), r.files());
        assertRuns(r, "pk_env");
    }

    @Test
    void projectFilesNeverLandAtTheTopLevelOfSitePackages() throws IOException {
        Path dir = project(tmp.resolve("top"), "top-env",
                "[tool.hatch.build]\ninclude = [\"top_env.py\", \"pyproject.toml\", \"README.md\", \"LICENSE\"]\n",
                "top_env.py", MODULE, "LICENSE", "MIT licence text");
        BuildResult r = WheelBuilder.build(dir);
        assertEquals(List.of("top_env-0.2.0.dist-info/pyproject.toml", "top_env.py"), r.files());
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("left out README.md")), r.warnings().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("left out LICENSE")), r.warnings().toString());
        Wheel wheel = WheelReader.read(r.wheel());
        List<String> topLevel = wheel.files().stream().filter(f -> !f.contains("/")).toList();
        assertEquals(List.of("top_env.py"), topLevel, "only the module at the top level: " + wheel.files());
        assertTrue(wheel.files().contains("top_env-0.2.0.dist-info/pyproject.toml"), wheel.files().toString());
        assertRuns(r, "top_env");
    }

    @Test
    void gitignoredDotAndCacheFilesAreLeftOut() throws IOException {
        Path dir = project(tmp.resolve("g"), "g-env", "", "g_env/__init__.py", MODULE, "g_env/secret.key", "k",
                "g_env/__pycache__/x.cpython-311.pyc", "c", "g_env/.hidden", "h", "g_env/big.bin", "b", ".gitignore",
                "*.key\n/g_env/big.bin\n");
        assertEquals(List.of("g_env/__init__.py"), WheelBuilder.build(dir).files());
    }

    @Test
    void reproducibleAcrossBuildsCopiesAndFileTimes() throws IOException {
        Path dir = project(tmp.resolve("r"), "repro-env", "", "repro_env/__init__.py", MODULE, "repro_env/b.py", "B = 2\n",
                "repro_env/a.py", "A = 1\n");
        BuildResult first = WheelBuilder.build(dir);
        byte[] firstBytes = Files.readAllBytes(first.wheel());
        BuildResult second = WheelBuilder.build(dir);
        assertEquals(first.sha256(), second.sha256());
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.toList()) {
                Files.setLastModifiedTime(p, FileTime.from(Instant.parse("2031-05-06T07:08:09Z")));
            }
        }
        BuildResult touched = WheelBuilder.build(dir, tmp.resolve("elsewhere"));
        assertEquals(first.sha256(), touched.sha256());
        assertEquals(first.contentHash(), touched.contentHash());
        assertTrue(java.util.Arrays.equals(firstBytes, Files.readAllBytes(touched.wheel())));

        Path copy = project(tmp.resolve("copy-in-another-place"), "repro-env", "", "repro_env/a.py", "A = 1\n",
                "repro_env/__init__.py", MODULE, "repro_env/b.py", "B = 2\n");
        assertEquals(first.sha256(), WheelBuilder.build(copy).sha256());

        Files.writeString(dir.resolve("ignored.log"), "noise");
        Files.writeString(dir.resolve(".gitignore"), "*.log\n");
        assertEquals(first.sha256(), WheelBuilder.build(dir).sha256(), ".gitignore and an ignored file change nothing");

        Files.writeString(dir.resolve("repro_env/b.py"), "B = 3\n");
        BuildResult changed = WheelBuilder.build(dir);
        assertNotEquals(first.sha256(), changed.sha256());
        assertNotEquals(first.contentHash(), changed.contentHash());
    }

    @Test
    void refusalsNameTheProblem() throws IOException {
        BuildException none = assertThrows(BuildException.class, () -> WheelBuilder.build(tmp));
        assertTrue(none.getMessage().contains("no pyproject.toml"), none.getMessage());
        Path dir = project(tmp.resolve("m"), "lost-env", "", "other.py", MODULE);
        BuildException missing = assertThrows(BuildException.class, () -> WheelBuilder.build(dir));
        assertTrue(missing.getMessage().contains("lost_env.py or lost_env/__init__.py"), missing.getMessage());
        Path inc = project(tmp.resolve("i"), "inc-env", "[tool.hatch.build]\ninclude = [\"nothing.py\"]\n", "inc_env.py", MODULE);
        assertTrue(assertThrows(BuildException.class, () -> WheelBuilder.build(inc)).getMessage().contains("matches no file"));
    }

    @Test
    void localChecksCatchAMissingLoadEnvironmentAndReadme() throws IOException {
        Path dir = project(tmp.resolve("c"), "check-env", "", "check_env.py", "def something():\n    pass\n");
        Files.delete(dir.resolve("README.md"));
        List<LocalChecks.Check> checks = LocalChecks.run(WheelBuilder.build(dir));
        assertEquals(List.of("wheel", "module", "layout", "readme"), checks.stream().map(LocalChecks.Check::name).toList());
        assertEquals(List.of(true, true, false, true), checks.stream().map(LocalChecks.Check::passed).toList());
        assertEquals(List.of(false, false, false, true), checks.stream().map(LocalChecks.Check::warning).toList());
    }

    static void assertRuns(BuildResult r, String module) throws IOException {
        Prerequisites.require(Python.available(), "python3 with pip");
        Path target = Files.createTempDirectory("envhub-pip-");
        Python.Out install = Python.pipInstall(r.wheel(), target);
        assertEquals(0, install.exitCode(), install.output());
        Python.Out run = Python.script(target, """
                import %s as m
                env = m.load_environment()
                rows = list(env.dataset)
                assert rows, "empty dataset"
                total = sum(w * f(completion=row["answer"], answer=row["answer"]) for row in rows
                            for f, w in zip(env.rubric.funcs, env.rubric.weights))
                print("rewards", total, len(rows))
                """.formatted(module));
        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("rewards"), run.output());
    }
}
