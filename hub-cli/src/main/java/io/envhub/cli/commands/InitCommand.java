package io.envhub.cli.commands;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.scaffold.Scaffold;
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
        description = "Create a new environment project (verifiers layout): pyproject.toml, <module>.py with "
                + "load_environment(**kwargs), README.md and .gitignore. Refuses an existing non-empty directory.",
        footer = {"", "Example:", "  envhub init reverse-text && envhub build reverse-text"})
public final class InitCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "NAME", description = "Project name, e.g. reverse-text (module: reverse_text)")
    String name;

    @Option(names = {"-d", "--dir"}, paramLabel = "DIR", description = "Directory to create (default: ./NAME)")
    Path dir;

    @Override
    protected int run(CliContext ctx) {
        Path target = dir != null ? dir : Path.of(name);
        List<String> files = Scaffold.create(target, name);
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("directory", target.toAbsolutePath().toString());
            m.put("files", files);
            printJson(ctx, m);
        } else {
            ctx.out().println("Created " + target + "/ with " + String.join(", ", files));
            ctx.out().println("Next: cd " + target + " && envhub build   (then `envhub push` to publish)");
        }
        return ExitCodes.OK;
    }
}
