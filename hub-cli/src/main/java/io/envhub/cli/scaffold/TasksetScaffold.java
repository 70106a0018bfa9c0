package io.envhub.cli.scaffold;

import io.envhub.format.name.ProjectName;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a new verifiers v1 project (the taskset layout, {@code verifiers.v1} as of August 2026): the import package with
 * {@code __init__.py} exporting exactly one {@code vf.Taskset} subclass through {@code __all__}, {@code taskset.py}
 * (a {@code vf.TaskData} model, a {@code vf.Task} with one {@code @vf.reward} and a single-turn {@code @vf.stop}, a
 * {@code vf.TasksetConfig} and the taskset whose {@code load()} reads a dataset bundled in the package, so it loads
 * without network access), {@code pyproject.toml} packaging that folder with hatch, a README and a {@code .gitignore}.
 */
public final class TasksetScaffold {
    /** The bundled tasks: one {@code {"text": ...}} per line. */
    static final String DATA = """
            {"text": "hello world"}
            {"text": "reinforcement learning"}
            {"text": "open environments"}
            {"text": "a man a plan"}
            {"text": "reward functions"}
            """;

    private TasksetScaffold() {
    }

    /**
     * Creates the project.
     *
     * @param dir target directory (created; must be missing or empty)
     * @param name project name, e.g. {@code reverse-text} (package {@code reverse_text}, classes {@code ReverseText*})
     * @return the files written, relative to {@code dir}
     */
    public static List<String> create(Path dir, String name) {
        ProjectName project = Scaffold.projectName(name);
        Scaffold.requireEmpty(dir);
        String pkg = project.moduleName();
        String prefix = classPrefix(pkg);
        Map<String, String> files = new TreeMap<>();
        files.put("pyproject.toml", pyproject(project.original(), pkg));
        files.put(pkg + "/__init__.py", "from " + pkg + ".taskset import " + prefix + "Taskset\n\n__all__ = [\"" + prefix
                + "Taskset\"]\n");
        files.put(pkg + "/taskset.py", taskset(project.original(), prefix));
        files.put(pkg + "/data.jsonl", DATA);
        files.put("README.md", readme(project.original(), pkg, prefix));
        files.put(".gitignore", Scaffold.GITIGNORE);
        return Scaffold.write(dir, files);
    }

    /** {@code reverse_text} becomes {@code ReverseText}; a prefix that would not start with a letter gets {@code Env}. */
    static String classPrefix(String pkg) {
        StringBuilder out = new StringBuilder();
        for (String part : pkg.split("[_.]")) {
            if (!part.isEmpty()) {
                out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return out.length() == 0 || !Character.isLetter(out.charAt(0)) ? "Env" + out : out.toString();
    }

    static String pyproject(String name, String pkg) {
        return """
                [project]
                name = "%s"
                version = "0.1.0"
                description = "Reverse a short text; rewarded by exact match with the reversed text."
                tags = ["text", "single-turn", "example"]
                license = "Apache-2.0"
                readme = "README.md"
                requires-python = ">=3.11"
                dependencies = ["verifiers"]

                [build-system]
                requires = ["hatchling"]
                build-backend = "hatchling.build"

                [tool.hatch.build.targets.wheel]
                packages = ["%s"]
                """.formatted(name, pkg);
    }

    static String taskset(String name, String p) {
        return """
                \"""%1$s: reverse a short text in one turn; the reward is 1.0 for the exact reversal.

                The tasks come from data.jsonl, bundled in this package, so the taskset loads without network access.
                \"""

                import json
                from pathlib import Path

                import verifiers.v1 as vf

                SYSTEM = "Reverse the text you are given, character by character. Reply with the reversed text only."


                class %2$sData(vf.TaskData):
                    answer: str
                    \"""The text reversed: the reply that scores 1.0.\"""


                class %2$sTask(vf.Task[%2$sData]):
                    \"""One text to reverse; the row is on ``self.data``.\"""

                    @vf.stop
                    async def single_turn(self, trace: vf.Trace) -> bool:
                        return trace.num_turns >= 1

                    @vf.reward(weight=1.0)
                    async def exact_reversal(self, trace: vf.Trace) -> float:
                        reply = (trace.last_reply or "").strip()
                        return 1.0 if reply == self.data.answer else 0.0


                class %2$sConfig(vf.TasksetConfig):
                    dataset_file: str = "data.jsonl"
                    \"""JSON Lines file bundled in the package, one {"text": ...} per line.\"""
                    num_tasks: int | None = None
                    \"""Load at most this many tasks (all when unset).\"""


                class %2$sTaskset(vf.Taskset[%2$sTask, %2$sConfig]):
                    \"""Reverse short texts read from a file bundled in the package.\"""

                    def load(self) -> list[%2$sTask]:
                        path = Path(__file__).parent / self.config.dataset_file
                        lines = path.read_text(encoding="utf-8").splitlines()
                        rows = [json.loads(line) for line in lines if line.strip()]
                        if self.config.num_tasks is not None:
                            rows = rows[: self.config.num_tasks]
                        return [
                            %2$sTask(
                                %2$sData(idx=i, prompt=row["text"], system_prompt=SYSTEM, answer=row["text"][::-1]),
                                self.config.task,
                            )
                            for i, row in enumerate(rows)
                        ]
                """.formatted(name, p);
    }

    static String readme(String name, String pkg, String prefix) {
        return """
                # %1$s

                Reverse a short text (verifiers v1 taskset). Each task's prompt is a text from `%2$s/data.jsonl`; the
                reward `exact_reversal` (weight 1.0) is 1.0 when the reply is exactly the reversed text, else 0.0. The
                task stops after one turn.

                ## Use

                ```
                uv run eval %1$s        # with verifiers installed: run the taskset against a model
                ```

                `%3$sConfig` knobs: `dataset_file` (default `data.jsonl`), `num_tasks` (default: all).

                ## Publish

                ```
                envhub push            # builds the wheel, uploads it and waits for validation
                ```
                """.formatted(name, pkg, prefix);
    }
}
