package io.envhub.cli;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.cli.build.BuildResult;
import io.envhub.cli.build.LocalChecks;
import io.envhub.cli.build.Python;
import io.envhub.cli.build.WheelBuilder;
import io.envhub.cli.scaffold.Scaffold;
import io.envhub.format.pyproject.PyProject;
import io.envhub.format.pyproject.PyProjectReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code envhub init} writes a project that builds, installs, imports and scores. */
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
}
