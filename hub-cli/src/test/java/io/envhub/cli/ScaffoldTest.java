package io.envhub.cli;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.cli.build.BuildResult;
import io.envhub.cli.build.LocalChecks;
import io.envhub.cli.build.Python;
import io.envhub.cli.build.WheelBuilder;
import io.envhub.cli.scaffold.Scaffold;
import io.envhub.cli.scaffold.TasksetScaffold;
import io.envhub.format.pyproject.PyProject;
import io.envhub.format.pyproject.PyProjectReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code envhub init} writes a project that builds, installs, imports and scores: a verifiers v1 taskset by default,
 * the v0 layout with {@code --legacy}.
 */
class ScaffoldTest {
    @TempDir
    Path tmp;

    @Test
    void scaffoldedProjectRunsEndToEnd() throws Exception {
        Path dir = tmp.resolve("my-env");
        Scaffold.create(dir, "my-env");
        PyProject p = PyProjectReader.read(dir.resolve("pyproject.toml"));
        assertEquals("0.1.0", p.version().toString());
        assertTrue(p.dependencies().isEmpty());
        assertEquals(3L, p.verifiersEval().get("num_examples"));
        BuildResult r = WheelBuilder.build(dir);
        assertTrue(LocalChecks.allPassed(LocalChecks.run(r)), LocalChecks.run(r).toString());

        Prerequisites.require(Python.available(), "python3 with pip");
        Path target = tmp.resolve("site");
        Python.Out install = Python.pipInstall(r.wheel(), target);
        assertEquals(0, install.exitCode(), install.output());
        Python.Out run = Python.script(target, """
                import math
                from my_env import load_environment
                env = load_environment()
                assert len(env.dataset) == 5
                row = env.dataset[0]
                assert set(row) >= {"prompt", "answer"}
                good = sum(w * f(completion=row["answer"], answer=row["answer"]) for f, w in zip(env.rubric.funcs, env.rubric.weights))
                bad = sum(w * f(completion="", answer=row["answer"]) for f, w in zip(env.rubric.funcs, env.rubric.weights))
                chat = env.rubric.funcs[0](completion=[{"role": "assistant", "content": row["answer"]}], answer=row["answer"])
                assert isinstance(good, float) and math.isfinite(good)
                assert (good, bad, chat) == (1.0, 0.0, 1.0), (good, bad, chat)
                assert len(load_environment(num_examples=2).dataset) == 2
                print("ok")
                """);
        assertEquals(0, run.exitCode(), run.output());
    }

    /**
     * The v1 project: the package folder with {@code __all__} exporting the taskset, {@code taskset.py}, the bundled
     * dataset; it builds into a wheel holding all three. Real {@code verifiers} cannot be installed here (no PyPI), so
     * the taskset runs against a stand-in {@code verifiers.v1} written below with only what the template touches (the
     * class bases, {@code reward}/{@code stop} decorators and a trace with {@code last_reply}/{@code num_turns}).
     */
    @Test
    void v1TasksetProjectBuildsLoadsItsBundledDataAndScores() throws Exception {
        Path dir = tmp.resolve("my-env");
        List<String> files = TasksetScaffold.create(dir, "my-env");
        assertEquals(List.of(".gitignore", "README.md", "my_env/__init__.py", "my_env/data.jsonl", "my_env/taskset.py",
                "pyproject.toml"), files);
        PyProject p = PyProjectReader.read(dir.resolve("pyproject.toml"));
        assertEquals(List.of("my_env"), p.wheelPackages());
        assertEquals("from my_env.taskset import MyEnvTaskset\n\n__all__ = [\"MyEnvTaskset\"]\n",
                Files.readString(dir.resolve("my_env/__init__.py")));
        String taskset = Files.readString(dir.resolve("my_env/taskset.py"));
        assertTrue(taskset.contains("class MyEnvTaskset(vf.Taskset[MyEnvTask, MyEnvConfig]):")
                && taskset.contains("class MyEnvTask(vf.Task[MyEnvData]):") && taskset.contains("@vf.reward(weight=1.0)")
                && taskset.contains("class MyEnvConfig(vf.TasksetConfig):") && taskset.contains("class MyEnvData(vf.TaskData):"),
                taskset);

        BuildResult r = WheelBuilder.build(dir);
        try (ZipFile wheel = new ZipFile(r.wheel().toFile())) {
            for (String member : List.of("my_env/__init__.py", "my_env/taskset.py", "my_env/data.jsonl")) {
                assertTrue(wheel.getEntry(member) != null, member + " is in the wheel");
            }
        }

        Prerequisites.require(Python.available(), "python3 with pip");
        Path target = tmp.resolve("site-v1");
        Python.Out install = Python.pipInstall(r.wheel(), target);
        assertEquals(0, install.exitCode(), install.output());
        Path standIn = Files.createDirectories(target.resolve("verifiers/v1"));
        Files.writeString(target.resolve("verifiers/__init__.py"), "", StandardCharsets.UTF_8);
        Files.writeString(standIn.resolve("__init__.py"), """
                # stand-in for verifiers.v1 (tests only): the names the template uses, nothing more
                from typing import Generic, TypeVar

                A = TypeVar("A")
                B = TypeVar("B")


                class TaskData:
                    def __init__(self, **fields):
                        self.__dict__.update(fields)


                class TaskConfig:
                    pass


                class TasksetConfig:
                    task = TaskConfig()


                class Task(Generic[A]):
                    def __init__(self, data, config=None):
                        self.data = data
                        self.config = config


                class Taskset(Generic[A, B]):
                    def __init__(self, config):
                        self.config = config


                class Trace:
                    def __init__(self, last_reply, num_turns=1):
                        self.last_reply = last_reply
                        self.num_turns = num_turns


                def reward(weight=1.0):
                    def mark(f):
                        f.reward_weight = weight
                        return f
                    return mark


                def stop(f):
                    f.is_stop = True
                    return f
                """, StandardCharsets.UTF_8);
        Python.Out run = Python.script(target, """
                import asyncio
                import my_env
                import verifiers.v1 as vf
                from my_env import taskset as t
                assert my_env.__all__ == ["MyEnvTaskset"]
                tasks = my_env.MyEnvTaskset(t.MyEnvConfig()).load()
                assert len(tasks) == 5, len(tasks)
                task = tasks[0]
                assert task.data.prompt == "hello world" and task.data.answer == "dlrow olleh", vars(task.data)
                good = asyncio.run(task.exact_reversal(vf.Trace(" dlrow olleh\\n")))
                bad = asyncio.run(task.exact_reversal(vf.Trace("hello world")))
                empty = asyncio.run(task.exact_reversal(vf.Trace(None)))
                assert (good, bad, empty) == (1.0, 0.0, 0.0), (good, bad, empty)
                assert t.MyEnvTask.exact_reversal.reward_weight == 1.0
                assert asyncio.run(task.single_turn(vf.Trace("x", num_turns=1)))
                config = t.MyEnvConfig()
                config.num_tasks = 2
                assert len(my_env.MyEnvTaskset(config).load()) == 2
                print("ok")
                """);
        assertEquals(0, run.exitCode(), run.output());
    }

    /** Both layouts through the command: v1 by default, v0 with --legacy; the legacy one passes every local check. */
    @Test
    void initWritesV1ByDefaultAndV0WithLegacyAndBothBuild() throws Exception {
        Path v1 = tmp.resolve("v1-env");
        CliRun.Result init = CliRun.with().run("init", "v1-env", "--dir", v1.toString());
        assertEquals(0, init.exitCode(), init.toString());
        assertTrue(init.out().contains("verifiers v1 taskset"), init.out());
        assertTrue(Files.isRegularFile(v1.resolve("v1_env/taskset.py")));
        CliRun.Result v1Build = CliRun.with().run("build", v1.toString());
        assertEquals(0, v1Build.exitCode(), v1Build.toString());
        assertTrue(v1Build.out().contains("v1_env-0.1.0-py3-none-any.whl"), v1Build.toString());
        // push's local checks pass for the v1 project: the layout reader finds its one exported Taskset
        List<LocalChecks.Check> v1Checks = LocalChecks.run(WheelBuilder.build(v1));
        assertTrue(LocalChecks.allPassed(v1Checks), v1Checks.toString());
        assertTrue(v1Build.out().contains("verifiers v1 taskset"), v1Build.toString());

        Path v0 = tmp.resolve("v0-env");
        CliRun.Result legacy = CliRun.with().run("init", "v0-env", "--dir", v0.toString(), "--legacy");
        assertEquals(0, legacy.exitCode(), legacy.toString());
        assertTrue(Files.isRegularFile(v0.resolve("v0_env.py")));
        CliRun.Result build = CliRun.with().run("build", v0.toString());
        assertEquals(0, build.exitCode(), build.toString());
    }
}
