package io.envhub.cli.commands;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.build.BuildResult;
import io.envhub.cli.build.LocalChecks;
import io.envhub.cli.build.WheelBuilder;
import io.envhub.cli.progress.ProgressBar;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub build [DIR]}: build the wheel, reproducibly, without Python. */
@Command(name = "build", mixinStandardHelpOptions = true,
        header = "Build the wheel reproducibly (no Python needed).",
        description = {"Build the project's wheel into DIR/dist/ without a Python toolchain. Files ignored by .gitignore, "
            + "dotfiles, dist/, build/, __pycache__, *.pyc and *.egg-info are left out. The same tree always gives the "
            + "same bytes (file times do not matter).",
            "Selects files like hatchling: [tool.hatch.build.targets.wheel] packages, [tool.hatch.build] include, "
                + "else <module>.py or <module>/__init__.py (also under src/)."},
        footer = {"", "Example:", "  envhub build ./reverse-text"})
public final class BuildCommand extends BaseCommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "Project directory (default: .)")
    Path dir = Path.of(".");

    @Option(names = {"-o", "--out"}, paramLabel = "OUTDIR", description = "Where to write the wheel (default: DIR/dist)")
    Path out;

    @Option(names = "--list", description = "Also list the files in the wheel")
    boolean list;

    @Option(names = "--max-bytes", paramLabel = "BYTES", description = "Refuse a wheel larger than this: the hub's upload "
            + "limit, ENVHUB_MAX_UPLOAD_BYTES (default: ${DEFAULT-VALUE}, the hub's default)")
    long maxBytes = io.envhub.contract.UploadLimits.DEFAULT_MAX_WHEEL_BYTES;

    @Override
    protected int run(CliContext ctx) {
        BuildResult r = out == null ? WheelBuilder.build(dir) : WheelBuilder.build(dir, out);
        WheelSizeLimit.require(r, maxBytes, "the hub's upload", "; no hub with that limit will take it");
        List<LocalChecks.Check> checks = LocalChecks.run(r);
        if (ctx.json()) {
            Map<String, Object> json = toJson(r);
            json.put("checks", checks);
            printJson(ctx, json);
        } else {
            printHuman(ctx, r, list);
            for (LocalChecks.Check c : checks) {
                if (!c.name().equals("wheel")) {
                    ctx.notes().println("  " + (!c.passed() ? "FAIL" : c.warning() ? "warn" : "ok  ") + " " + c.name() + ": "
                            + c.detail() + (c.passed() ? "" : " (push refuses this)"));
                }
            }
        }
        return ExitCodes.OK;
    }

    static Map<String, Object> toJson(BuildResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", r.name());
        m.put("normalizedName", r.normalizedName());
        m.put("version", r.version());
        m.put("wheel", r.wheel().toString());
        m.put("filename", r.filename());
        m.put("size", r.size());
        m.put("sha256", r.sha256());
        m.put("contentHash", r.contentHash());
        m.put("fileCount", r.files().size());
        m.put("files", r.files());
        m.put("module", r.module());
        m.put("warnings", r.warnings());
        return m;
    }

    static void printHuman(CliContext ctx, BuildResult r, boolean list) {
        for (String w : r.warnings()) {
            ctx.err().println("envhub: warning: " + w);
        }
        var o = ctx.notes();
        o.println("Built " + r.name() + " " + r.version() + " -> " + r.wheel());
        o.println("  files:        " + r.files().size() + (r.files().size() == 1 ? " file" : " files") + " (+ METADATA, WHEEL, RECORD)");
        o.println("  size:         " + ProgressBar.bytes(r.size()) + " (" + r.size() + " bytes)");
        o.println("  sha256:       " + r.sha256());
        o.println("  content hash: " + r.contentHash());
        if (list) {
            for (int i = 0; i < r.files().size(); i++) {
                String src = r.sources().get(i);
                String dst = r.files().get(i);
                o.println("    " + dst + (src.equals(dst) ? "" : "  (from " + src + ")"));
            }
        }
    }
}
