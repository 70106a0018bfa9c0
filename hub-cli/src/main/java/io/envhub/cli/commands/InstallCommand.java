package io.envhub.cli.commands;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub install OWNER/NAME[@VERSION]}: pip install from the hub's package index. */
@Command(name = "install", mixinStandardHelpOptions = true,
        header = "Install with pip from the hub's package index.",
        description = {"Install an environment with pip from the hub's package index ({hub}/simple/{owner}/), printing the "
            + "exact command (token masked). With a personal access token (stored by `envhub login --token`, or "
            + "ENVHUB_TOKEN=envhub_...) private environments install too.",
            "Arguments after -- go to pip unchanged."},
        footer = {"", "Examples:", "  envhub install alice/reverse-text",
            "  envhub install alice/reverse-text@0.1.4 --python .venv/bin/python",
            "  envhub install alice/reverse-text -- --no-deps --target vendor"})
public final class InstallCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "OWNER/NAME[@VERSION]", description = "What to install")
    String reference;

    @Parameters(index = "1..*", paramLabel = "PIP_ARG", description = "Extra pip arguments (after --)")
    List<String> pipArgs = new ArrayList<>();

    @Option(names = "--python", paramLabel = "PATH", description = "Python interpreter to run pip with (default: python3, else python)")
    String python;

    @Override
    protected int run(CliContext ctx) throws IOException, InterruptedException {
        Ref ref = Ref.parse(reference, true);
        String token = ctx.session().personalToken().orElse(null);
        String index = indexUrl(ctx.hubUrl(), ref.owner(), token);
        String masked = token == null ? index : indexUrl(ctx.hubUrl(), ref.owner(), "****");
        List<String> cmd = new ArrayList<>(List.of(python(ctx), "-m", "pip", "install", "--index-url", index,
                ref.version() == null ? ref.name() : ref.name() + "==" + ref.version()));
        cmd.addAll(pipArgs);
        List<String> shown = new ArrayList<>(cmd);
        shown.set(5, masked);
        ctx.notes().println("$ " + String.join(" ", shown.stream().map(InstallCommand::quote).toList()));
        if (token == null && ctx.session().signedIn()) {
            ctx.err().println("envhub: note: pip cannot use a device login; private environments need a personal access token "
                    + "(`envhub token create --name pip --scope read`, then `envhub login --token`)");
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.INHERIT);
        pb.environment().put("PIP_DISABLE_PIP_VERSION_CHECK", "1");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new CliException(ExitCodes.LOCAL, "cannot run " + cmd.get(0) + " (" + e.getMessage() + ") — pass --python PATH");
        }
        PrintStream pipOut = ctx.json() ? ctx.err() : ctx.out();
        Thread o = pump(p.getInputStream(), pipOut);
        Thread e = pump(p.getErrorStream(), ctx.err());
        int code = p.waitFor();
        o.join();
        e.join();
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("command", shown);
            m.put("pipExitCode", code);
            printJson(ctx, m);
        }
        if (code != 0) {
            throw new CliException(ExitCodes.REFUSED, "pip failed (exit code " + code + ") installing " + ref
                    + " — see its output above");
        }
        return ExitCodes.OK;
    }

    /**
     * The per-owner index URL, with {@code __token__} credentials when a token is given.
     *
     * @param hub hub base URL
     * @param owner owner
     * @param token personal access token, or null
     * @return the URL
     */
    static String indexUrl(String hub, String owner, String token) {
        URI u = URI.create(hub);
        String auth = token == null ? "" : "__token__:" + token + "@";
        String path = (u.getRawPath() == null ? "" : u.getRawPath()) + "/simple/" + owner + "/";
        return u.getScheme() + "://" + auth + u.getRawAuthority() + path;
    }

    private String python(CliContext ctx) {
        if (python != null) {
            return python;
        }
        String path = ctx.env().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "python3"))) {
                return "python3";
            }
        }
        return "python";
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9_./:=@*+,-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    private static Thread pump(InputStream in, PrintStream out) {
        Thread t = new Thread(() -> {
            try (in) {
                in.transferTo(out);
                out.flush();
            } catch (IOException ignored) {
                // the process ended
            }
        }, "pip-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
