package io.envhub.cli.commands;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.scaffold.Scaffold;
import io.envhub.cli.scaffold.TasksetScaffold;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub init NAME}: scaffold a new environment project. */
@Command(name = "init", mixinStandardHelpOptions = true,
        header = "Create a new environment project.",
        description = {"Create a new environment project in the verifiers v1 layout: the package folder <module>/ with "
                + "__init__.py (__all__ exports the Taskset), taskset.py (a TaskData model, a Task with one @vf.reward and a "
                + "single-turn @vf.stop, a TasksetConfig, a Taskset whose load() reads data.jsonl bundled in the package, so "
                + "it loads without network access), pyproject.toml (hatch packages that folder), README.md and .gitignore.",
            "--legacy writes the v0 layout instead: <module>.py with load_environment(**kwargs), dependency-free.",
            "Refuses an existing non-empty directory."},
        footer = {"", "Examples:", "  envhub init reverse-text && envhub build reverse-text",
            "  envhub init reverse-text --legacy"})
public final class InitCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "NAME", description = "Project name, e.g. reverse-text (module: reverse_text)")
    String name;

    @Option(names = {"-d", "--dir"}, paramLabel = "DIR", description = "Directory to create (default: ./NAME)")
    Path dir;

    @Option(names = "--legacy", description = "Write a verifiers v0 project (load_environment(**kwargs)) instead of a v1 taskset")
    boolean legacy;

    @Override
    protected int run(CliContext ctx) {
        Path target = dir != null ? dir : Path.of(name);
        List<String> files = legacy ? Scaffold.create(target, name) : TasksetScaffold.create(target, name);
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("directory", target.toAbsolutePath().toString());
            m.put("layout", legacy ? "v0" : "v1");
            m.put("files", files);
            printJson(ctx, m);
        } else {
            ctx.out().println("Created " + target + "/ (" + (legacy ? "verifiers v0 layout" : "verifiers v1 taskset") + ") with "
                    + String.join(", ", files));
            ctx.out().println("Next: cd " + target + " && envhub build   (then `envhub push` to publish)");
        }
        return ExitCodes.OK;
    }
}
