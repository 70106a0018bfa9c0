package io.envhub.format.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.layout.PackageLayout.DatasetSource;
import io.envhub.format.layout.PackageLayout.Kind;
import io.envhub.format.layout.PackageLayout.Reward;
import io.envhub.format.layout.PackageLayout.TasksetFacts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class LayoutReaderTest {

    /** A single-file v1 package: tasks generated in code, rewards with weights, a stop, a metric, a config. */
    private static final String ECHO = """
            \"\"\"echo-words: the model repeats a word (single file).\"\"\"
            import verifiers.v1 as vf

            HINT = "say it (exactly) # once"


            class EchoData(vf.TaskData):
                target: str
                \"\"\"The word the model must say.\"\"\"


            class EchoTask(vf.Task[EchoData]):
                \"\"\"One word to echo.\"\"\"

                @vf.reward(weight=0.5)
                async def exact(self, trace: vf.Trace) -> float:
                    return float(trace.last_reply == self.data.target)

                @vf.reward
                async def close(self, trace: vf.Trace) -> float:
                    return 0.0

                @vf.stop
                async def one_turn(self, trace: vf.Trace) -> bool:
                    return trace.num_turns >= 1

                @vf.metric()
                async def reply_chars(self, trace):
                    return len(trace.last_reply or "")


            class EchoConfig(vf.TasksetConfig):
                count: int = 8
                # a comment with a ( that must not confuse the reader
                prefix: str = (
                    "say: "
                )
                \"\"\"Put before every prompt.\"\"\"


            class EchoTaskset(vf.Taskset[EchoTask, EchoConfig]):
                def load(self) -> list[EchoTask]:
                    '''class Fake(vf.Taskset): a docstring, not a class'''
                    return [
                        EchoTask(EchoData(idx=i, prompt=f"{self.config.prefix}{i}", target=str(i)))
                        for i in range(self.config.count)
                    ]


            __all__ = ["EchoTaskset"]
            """;

    private static PackageLayout read(String module, Map<String, String> sources, String... extraFiles) {
        Set<String> files = new TreeSet<>(sources.keySet());
        files.addAll(List.of(extraFiles));
        return LayoutReader.read(module, sources, files, List.of("verifiers[openenv]>=0.1", "datasets ; python_version >= \"3.11\""));
    }

    private static Map<String, String> files(String... pathThenText) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pathThenText.length; i += 2) {
            m.put(pathThenText[i], pathThenText[i + 1]);
        }
        return m;
    }

    @Test
    void singleFileV1WithGeneratedTasks() {
        PackageLayout l = read("echo_words", files("echo_words.py", ECHO));
        assertTrue(l.accepted(), l.describe());
        assertEquals(Kind.V1, l.kind());
        assertEquals("verifiers v1 taskset EchoTaskset (echo_words.py)", l.describe());
        TasksetFacts f = l.taskset();
        assertEquals("EchoTaskset", f.tasksetClass());
        assertEquals("echo-words: the model repeats a word (single file).", f.tasksetDoc());
        assertEquals("EchoTask", f.taskClass());
        assertEquals("One word to echo.", f.taskDoc());
        assertEquals("EchoData", f.dataClass());
        assertEquals("target", f.dataFields().get(0).name());
        assertEquals("The word the model must say.", f.dataFields().get(0).doc());
        assertEquals("EchoConfig", f.configClass());
        assertEquals(2, f.configFields().size());
        assertEquals("8", f.configFields().get(0).defaultValue());
        assertEquals("(\"say: \")", f.configFields().get(1).defaultValue());
        assertEquals("Put before every prompt.", f.configFields().get(1).doc());
        assertEquals(List.of(new Reward("exact", 0.5, "task"), new Reward("close", 1.0, "task")), f.rewards());
        assertEquals(List.of("one_turn"), f.stops());
        assertEquals(List.of("reply_chars"), f.metrics());
        assertEquals("generated", f.datasets().get(0).kind());
        assertEquals("EchoTaskset.load", f.datasets().get(0).where());
        assertEquals("single-turn", f.taskType());
        assertNull(f.env());
        assertEquals("verifiers", f.dependencies().get(0).name());
        assertEquals(List.of("openenv"), f.dependencies().get(0).extras());
        assertEquals(">=0.1", f.dependencies().get(0).specifier());
        assertEquals("python_version >= \"3.11\"", f.dependencies().get(1).marker());
    }

    @Test
    void multiModuleV1FollowsReExportsThroughLocalBasesAndReadsANetworkDataset() {
        PackageLayout l = read("math_drill", files(
                "math_drill/__init__.py", """
                        from math_drill.tasks import DrillTaskset
                        from .env import DrillEnv

                        __all__ = (
                            "DrillTaskset",
                            "DrillEnv",
                        )
                        """,
                "math_drill/base.py", """
                        import verifiers.v1 as vf
                        from .tasks_data import DrillTask, DrillConfig


                        class BaseDrill(vf.Taskset[DrillTask, DrillConfig]):
                            \"\"\"Arithmetic drills read from a Hugging Face dataset.\"\"\"
                        """,
                "math_drill/tasks_data.py", """
                        from verifiers import v1 as vf
                        from verifiers.v1 import TaskData, TasksetConfig


                        class DrillData(TaskData):
                            answer: int


                        class DrillTask(vf.Task[DrillData]):
                            @vf.reward(weight=2)
                            async def correct(self, trace): return 1.0


                        class DrillConfig(TasksetConfig):
                            dataset_id: str = "someone/math-drill"
                            split: str = 'test'
                        """,
                "math_drill/tasks.py", """
                        from datasets import load_dataset

                        from math_drill.base import BaseDrill


                        class DrillTaskset(BaseDrill):
                            def load(self):
                                c = self.config
                                rows = load_dataset(c.dataset_id,
                                                    "default",  # the config
                                                    split=c.split)
                                return [self.task(r) for r in rows]
                        """,
                "math_drill/env.py", """
                        import verifiers.v1 as vf


                        class DrillEnv(vf.Env):
                            async def run(self, task, agents):
                                trace.record_reward("bonus", 1.0)
                                trace.record_metric('turns', 2.0)
                        """));
        assertTrue(l.accepted(), l.describe());
        assertEquals("verifiers v1 taskset DrillTaskset (math_drill/tasks.py), env DrillEnv", l.describe());
        TasksetFacts f = l.taskset();
        assertEquals("Arithmetic drills read from a Hugging Face dataset.", f.tasksetDoc());
        assertEquals("DrillTask", f.taskClass());
        assertEquals("DrillData", f.dataClass());
        assertEquals("DrillConfig", f.configClass());
        assertEquals(List.of(new Reward("correct", 2.0, "task"), new Reward("bonus", null, "env")), f.rewards());
        assertEquals(List.of("turns"), f.metrics());
        DatasetSource d = f.datasets().get(0);
        assertEquals("huggingface", d.kind());
        assertEquals("someone/math-drill", d.id());
        assertEquals("default", d.config());
        assertEquals("test", d.split());
        assertEquals("huggingface.co", d.host());
        assertEquals("load_dataset(c.dataset_id, \"default\", split=c.split)", d.written());
        assertEquals("multi-turn", f.taskType());
        assertEquals("DrillEnv", f.env());
    }

    @Test
    void toolUsingTasksetWithABundledDataset() {
        PackageLayout l = read("lookup_facts", files(
                "lookup_facts/__init__.py", "from .taskset import LookupTaskset\n__all__ = ['LookupTaskset']\n",
                "lookup_facts/servers/__init__.py", "",
                "lookup_facts/servers/facts.py", """
                        import verifiers.v1 as vf

                        class FactsToolset(vf.Toolset[vf.SharedToolsetConfig]):
                            TOOL_PREFIX = "facts"

                            @vf.tool
                            async def find(self, key: str) -> str:
                                \"\"\"Look a fact up.\"\"\"
                                return ""
                        """,
                "lookup_facts/taskset.py", """
                        import json
                        from pathlib import Path

                        import verifiers.v1 as vf
                        from lookup_facts.servers.facts import FactsToolset

                        DATA = Path(__file__).parent / "data" / "questions.jsonl"


                        class LookupTask(vf.Task):
                            @vf.reward(weight=1.0)
                            async def found(self, trace): return 1.0


                        class LookupTaskset(vf.Taskset[LookupTask, vf.TasksetConfig]):
                            @classmethod
                            def toolsets(cls, config):
                                return [FactsToolset(config.tools)]

                            def load(self):
                                rows = [json.loads(line) for line in DATA.read_text().splitlines()]
                                return [LookupTask(vf.TaskData(idx=i, prompt=r["q"])) for i, r in enumerate(rows)]
                        """), "lookup_facts/data/questions.jsonl");
        assertTrue(l.accepted(), l.describe());
        TasksetFacts f = l.taskset();
        assertEquals("tool use", f.taskType());
        assertEquals(List.of("facts_find"), f.tools());
        assertEquals("bundled", f.datasets().get(0).kind());
        assertEquals("lookup_facts/data/questions.jsonl", f.datasets().get(0).file());
        assertNull(f.datasets().get(0).host());
        assertEquals("TasksetConfig", f.configClass());
        assertTrue(f.configFields().isEmpty());
    }

    @Test
    void aHarnessExportMakesAHarnessTask() {
        PackageLayout l = read("shell_task", files("shell_task/__init__.py", """
                import verifiers.v1 as vf
                from verifiers.v1 import Harness

                class ShellHarness(Harness):
                    pass

                class ShellTaskset(vf.Taskset):
                    def load(self):
                        return []

                __all__ = ["ShellTaskset", "ShellHarness"]
                """));
        assertTrue(l.accepted(), l.describe());
        assertEquals("harness", l.taskset().taskType());
        assertEquals("ShellHarness", l.taskset().harness());
    }

    @Test
    void noAllIsRefusedInVerifiersTerms() {
        PackageLayout l = read("no_all", files("no_all/__init__.py", """
                import verifiers.v1 as vf

                class NoAllTaskset(vf.Taskset):
                    pass
                """));
        assertFalse(l.accepted());
        assertEquals("module 'no_all' defines no `__all__`; a verifiers v1 taskset package exports its Taskset subclass"
                + " (NoAllTaskset) via `__all__`, e.g. `__all__ = [\"NoAllTaskset\"]`", l.refusal());
    }

    @Test
    void noTasksetExportedIsRefused() {
        PackageLayout l = read("helpers_only", files("helpers_only/__init__.py", """
                import verifiers.v1 as vf
                from verifiers.v1 import Taskset

                class Hidden(vf.Taskset):
                    pass

                def helper():
                    return 1

                __all__ = ["helper", "Taskset"]
                """));
        assertEquals(Kind.NONE, l.kind());
        assertEquals("module 'helpers_only' exports no Taskset subclass via `__all__` (found [helper, Taskset]); export"
                + " exactly one (and it defines no load_environment for a v0 environment either)", l.refusal());
    }

    @Test
    void twoTasksetsExportedAreRefused() {
        PackageLayout l = read("twins", files("twins/__init__.py", """
                import verifiers.v1 as vf
                class A(vf.Taskset): pass
                class B(A): pass
                __all__ = ["A"]
                __all__ += ["B"]
                """));
        assertEquals("module 'twins' exports 2 Taskset subclasses via `__all__` (A, B); export exactly one", l.refusal());
    }

    @Test
    void neitherLayoutIsRefused() {
        PackageLayout l = read("plain", files("plain.py", "def main():\n    print('hi')\n"));
        assertEquals("module 'plain' is neither a verifiers v1 taskset package (no `__all__` exporting a Taskset"
                + " subclass) nor a v0 environment (no load_environment in plain.py)", l.refusal());
        PackageLayout missing = read("absent", files("other/__init__.py", ""));
        assertEquals("no absent.py or absent/__init__.py: verifiers imports 'absent' (the project name with '-' as '_')",
                missing.refusal());
    }

    @Test
    void v0LayoutsAreAcceptedAsToday() {
        PackageLayout defined = read("old_env", files("old_env.py", """
                import verifiers as vf

                async def load_environment(**kwargs):
                    return vf.SingleTurnEnv()
                """));
        assertEquals(Kind.V0, defined.kind());
        assertTrue(defined.accepted());
        assertEquals("v0 environment: load_environment defined in old_env.py", defined.describe());
        PackageLayout reexported = read("old_pkg", files(
                "old_pkg/__init__.py", "from .env import load_environment\n__all__ = [\"load_environment\"]\n",
                "old_pkg/env.py", "def load_environment(n: int = 3, **kwargs):\n    ...\n"));
        assertEquals(Kind.V0, reexported.kind());
        assertEquals("old_pkg/env.py, exported by old_pkg/__init__.py", reexported.where());
    }

    @Test
    void aTasksetBuiltOnVerifiersOwnTasksetWinsOverALegacyLoader() {
        PackageLayout l = read("both_ways", files("both_ways/__init__.py", """
                from typing import Literal

                import verifiers.v1 as vf
                from verifiers.v1.tasksets import ShelfTaskset, ShelfEnv


                class BothConfig(vf.TasksetConfig):
                    shelf: Literal["a", "b"] = "a"


                class BothTaskset(ShelfTaskset, vf.Taskset[vf.Task, BothConfig]):
                    \"\"\"A taskset whose load() comes from verifiers.\"\"\"


                def load_environment(**kwargs):
                    raise RuntimeError("use the v1 taskset")


                __all__ = ["BothTaskset", "ShelfEnv", "load_environment"]
                """), "both_ways/shelf.jsonl");
        assertEquals(Kind.V1, l.kind(), l.describe());
        assertEquals("verifiers v1 taskset BothTaskset (both_ways/__init__.py), env ShelfEnv", l.describe());
        assertEquals("inherited", l.taskset().datasets().get(0).kind());
        assertEquals("load() inherited from ShelfTaskset", l.taskset().datasets().get(0).where());
        assertEquals("BothConfig", l.taskset().configClass());
        assertEquals("\"a\"", l.taskset().configFields().get(0).defaultValue());
        assertEquals("multi-turn", l.taskset().taskType());
    }

    @Test
    void tokenizerKeepsStringsCommentsAndContinuationsApart() {
        PySource s = PySource.parse("""
                x = "a # not a comment"  # a comment
                y = (1 +
                     2)
                z = r'\\d+' '''tri
                ple''' \\
                    + "end"
                @decorator(
                    arg=1,
                )
                class K(  # bases on two lines
                    Base,
                    metaclass=Meta,
                ): pass
                """);
        assertEquals(Set.of("x", "y", "z"), s.assignments.keySet());
        assertEquals("a # not a comment", s.assignments.get("x").get(0).stringValue());
        assertEquals("\\d+", s.assignments.get("z").get(0).stringValue());
        assertEquals(1, s.classes.get("K").bases().size());
    }
}
