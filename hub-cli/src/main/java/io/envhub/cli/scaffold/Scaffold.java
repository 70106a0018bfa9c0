package io.envhub.cli.scaffold;

import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.format.name.InvalidNameException;
import io.envhub.format.name.ProjectName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Writes a new verifiers-style environment project: {@code pyproject.toml}, the module with
 * {@code load_environment(**kwargs)} (a small inline dataset and a rubric with one reward function; no third-party
 * dependency, so the hub can validate it end to end), {@code README.md} and {@code .gitignore}.
 */
public final class Scaffold {
    /** What a new project's {@code .gitignore} keeps out of the wheel. */
    static final String GITIGNORE = "__pycache__/\n*.py[cod]\ndist/\nbuild/\n*.egg-info/\n.venv/\noutputs/\n";

    private Scaffold() {
    }

    /**
     * Creates the project.
     *
     * @param dir target directory (created; must be missing or empty)
     * @param name project name, e.g. {@code reverse-text}
     * @return the files written, relative to {@code dir}
     * @throws CliException (exit 2) for an invalid name, (exit 4) for a non-empty directory
     */
    public static List<String> create(Path dir, String name) {
        ProjectName project = projectName(name);
        requireEmpty(dir);
        Map<String, String> files = new TreeMap<>();
        String module = project.moduleName();
        files.put("pyproject.toml", pyproject(project.original(), module));
        files.put(module + ".py", moduleSource(project.original()));
        files.put("README.md", readme(project.original(), module));
        files.put(".gitignore", GITIGNORE);
        return write(dir, files);
    }

    /** The project name, or a usage error (exit 2). */
    static ProjectName projectName(String name) {
        try {
            return ProjectName.of(name);
        } catch (InvalidNameException e) {
            throw new CliException(ExitCodes.USAGE, "'" + name + "' is not a valid project name: " + e.getMessage()
                    + " (use letters, digits, '-', '_' or '.', e.g. reverse-text)");
        }
    }

    /** Refuses (exit 4) a directory that exists and is not empty. */
    static void requireEmpty(Path dir) {
        if (Files.exists(dir) && !isEmptyDirectory(dir)) {
            throw new CliException(ExitCodes.LOCAL, dir + " exists and is not empty — choose another name or directory");
        }
    }

    /** Writes the files (relative path to text) under {@code dir}; returns their paths. */
    static List<String> write(Path dir, Map<String, String> files) {
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path target = dir.resolve(f.getKey());
                Files.createDirectories(target.getParent());
                Files.writeString(target, f.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the project into " + dir + ": " + e.getMessage(), e);
        }
        return List.copyOf(files.keySet());
    }

    private static boolean isEmptyDirectory(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String pyproject(String name, String module) {
        return """
                [project]
                name = "%s"
                version = "0.1.0"
                description = "Reverse a short text; rewarded by exact match with the reversed text."
                tags = ["text", "single-turn", "example"]
                license = "Apache-2.0"
                readme = "README.md"
                requires-python = ">=3.10"
                dependencies = []

                [build-system]
                requires = ["hatchling"]
                build-backend = "hatchling.build"

                [tool.hatch.build]
                include = ["%s.py"]

                [tool.verifiers.eval]
                num_examples = 3
                rollouts_per_example = 2
                """.formatted(name, module);
    }

    static String moduleSource(String name) {
        return """
                \"""%s: an EnvHub environment (verifiers layout).

                load_environment(**kwargs) returns an object with a dataset (rows with prompt and answer) and a rubric
                (reward functions with weights). No third-party dependency, so it runs anywhere.
                \"""

                from dataclasses import dataclass, field

                TEXTS = ["hello world", "reinforcement learning", "envhub", "a man a plan", "open environments"]


                def exact_reversal(completion, answer, **kwargs) -> float:
                    \"""1.0 when the completion is exactly the reversed text, ignoring surrounding whitespace.\"""
                    if isinstance(completion, list):
                        completion = completion[-1].get("content", "") if completion else ""
                    return 1.0 if str(completion).strip() == answer else 0.0


                @dataclass
                class Rubric:
                    funcs: list
                    weights: list


                @dataclass
                class Environment:
                    dataset: list
                    rubric: Rubric
                    system_prompt: str = "Reverse the text you are given. Answer with the reversed text only."
                    eval_defaults: dict = field(default_factory=dict)


                def load_environment(num_examples: int = -1, **kwargs) -> Environment:
                    rows = [{"prompt": [{"role": "user", "content": t}], "answer": t[::-1]} for t in TEXTS]
                    if num_examples > 0:
                        rows = rows[:num_examples]
                    return Environment(dataset=rows, rubric=Rubric(funcs=[exact_reversal], weights=[1.0]))
                """.formatted(name);
    }

    static String readme(String name, String module) {
        return """
                # %s

                Reverse a short text. Each dataset row has a `prompt` (a chat message with the text) and an `answer`
                (the reversed text); the reward is 1.0 for an exact reversal and 0.0 otherwise.

                ## Use

                ```python
                from %s import load_environment

                env = load_environment()
                row = env.dataset[0]
                reward = env.rubric.funcs[0](completion=row["answer"], answer=row["answer"])
                ```

                ## Publish

                ```
                envhub push            # builds the wheel, uploads it and waits for validation
                ```
                """.formatted(name, module);
    }
}
