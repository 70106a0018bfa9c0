package io.envhub.cli.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The layout decision of {@code envhub build}/{@code push} on wheels built from fixture projects. */
class LocalChecksTest {
    @TempDir
    Path tmp;

    /** A v1 taskset package in two modules: the taskset re-exported by {@code __init__.py}. */
    static final String TASKSET = """
            \"\"\"count-vowels: the model counts the vowels of a word.\"\"\"
            import verifiers.v1 as vf


            class VowelData(vf.TaskData):
                count: int


            class VowelTask(vf.Task[VowelData]):
                @vf.reward(weight=1.0)
                async def exact(self, trace: vf.Trace) -> float:
                    return float(trace.last_reply.strip() == str(self.data.count))


            class VowelConfig(vf.TasksetConfig):
                words: int = 5


            class VowelTaskset(vf.Taskset[VowelTask, VowelConfig]):
                def load(self) -> list[VowelTask]:
                    words = ["banana", "sky", "queue", "rhythm", "idea"][: self.config.words]
                    return [VowelTask(VowelData(idx=i, prompt=w, count=sum(c in "aeiou" for c in w)))
                            for i, w in enumerate(words)]
            """;

    private static List<LocalChecks.Check> checks(Path dir) {
        return LocalChecks.run(WheelBuilder.build(dir));
    }

    private static LocalChecks.Check check(List<LocalChecks.Check> checks, String name) {
        return checks.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aReadmeLessV1PackagePassesWithAWarning() throws IOException {
        Path dir = WheelBuilderTest.project(tmp.resolve("v"), "count-vowels", "",
                "count_vowels/__init__.py", "from count_vowels.taskset import VowelTaskset\n\n__all__ = [\"VowelTaskset\"]\n",
                "count_vowels/taskset.py", TASKSET);
        Files.delete(dir.resolve("README.md"));
        List<LocalChecks.Check> checks = checks(dir);
        assertEquals(List.of("wheel", "module", "layout", "readme"), checks.stream().map(LocalChecks.Check::name).toList());
        assertTrue(LocalChecks.allPassed(checks), checks.toString());
        assertEquals("verifiers v1 taskset VowelTaskset (count_vowels/taskset.py)", check(checks, "layout").detail());
        LocalChecks.Check readme = check(checks, "readme");
        assertTrue(readme.passed() && readme.warning(), readme.toString());
        assertTrue(readme.detail().startsWith("no README: the hub shows an overview generated from the package"), readme.detail());
    }

    @Test
    void aV0PackageStillPasses() throws IOException {
        Path dir = WheelBuilderTest.project(tmp.resolve("o"), "old-env", "", "old_env.py", WheelBuilderTest.MODULE);
        List<LocalChecks.Check> checks = checks(dir);
        assertTrue(LocalChecks.allPassed(checks), checks.toString());
        assertEquals("v0 environment: load_environment defined in old_env.py", check(checks, "layout").detail());
        assertFalse(check(checks, "readme").warning());
    }

    @Test
    void eachLayoutRefusal() throws IOException {
        Path noAll = WheelBuilderTest.project(tmp.resolve("a"), "no-all", "", "no_all/__init__.py",
                "from no_all.taskset import VowelTaskset\n", "no_all/taskset.py", TASKSET);
        assertRefused(noAll, "module 'no_all' defines no `__all__`; a verifiers v1 taskset package exports its Taskset"
                + " subclass (VowelTaskset) via `__all__`, e.g. `__all__ = [\"VowelTaskset\"]`");
        Path none = WheelBuilderTest.project(tmp.resolve("n"), "no-taskset", "", "no_taskset/__init__.py",
                "from no_taskset.taskset import VowelTask\n__all__ = [\"VowelTask\"]\n", "no_taskset/taskset.py", TASKSET);
        assertRefused(none, "module 'no_taskset' exports no Taskset subclass via `__all__` (found [VowelTask]); export"
                + " exactly one (and it defines no load_environment for a v0 environment either)");
        Path two = WheelBuilderTest.project(tmp.resolve("t"), "two-sets", "", "two_sets/__init__.py",
                "from two_sets.taskset import VowelTaskset\n\n\nclass Other(VowelTaskset):\n    pass\n\n\n"
                        + "__all__ = [\"VowelTaskset\", \"Other\"]\n", "two_sets/taskset.py", TASKSET);
        assertRefused(two, "module 'two_sets' exports 2 Taskset subclasses via `__all__` (VowelTaskset, Other); export exactly one");
        Path neither = WheelBuilderTest.project(tmp.resolve("x"), "plain-env", "", "plain_env.py", "def something():\n    pass\n");
        assertRefused(neither, "module 'plain_env' is neither a verifiers v1 taskset package (no `__all__` exporting a"
                + " Taskset subclass) nor a v0 environment (no load_environment in plain_env.py)");
    }

    private static void assertRefused(Path dir, String why) {
        List<LocalChecks.Check> checks = checks(dir);
        assertFalse(LocalChecks.allPassed(checks));
        LocalChecks.Check layout = check(checks, "layout");
        assertFalse(layout.passed());
        assertEquals(why, layout.detail());
    }
}
