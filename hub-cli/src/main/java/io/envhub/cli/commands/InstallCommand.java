package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
import io.envhub.contract.api.HubInstall;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code envhub install OWNER/NAME[@VERSION]}: resolves the reference as verifiers' {@code vf-install} does (through
 * {@code /api/v1/environmentshub/{owner}/{name}/@{version}}), then runs {@code pip install --extra-index-url
 * <simple_index_url> name==version}. A personal access token never goes on pip's command line (other users of the
 * machine can read it there): pip reads the credentialed index URL from a private requirements file instead.
 */
@Command(name = "install", mixinStandardHelpOptions = true,
        header = "Install with pip from the hub's package index.",
        description = {"Resolve OWNER/NAME[@VERSION] through the hub (as verifiers' vf-install does: without @VERSION, the "
            + "newest version the index serves), then install exactly that version with pip, the hub's index "
            + "({hub}/simple/{owner}/) as --extra-index-url, printing the exact command (token masked). With a personal "
            + "access token (stored by `envhub login --token`, or ENVHUB_TOKEN=envhub_...) private environments install "
            + "too; the token reaches pip through a private temporary requirements file, never its command line.",
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
        String asked = ref.version() == null ? "latest" : ref.version();
        JsonNode answer = ctx.hub().get(ctx.hub().url("api", "v1", "environmentshub", ref.owner(), ref.name(), "@" + asked),
                Situation.of("install", ref.owner(), ref.name(), ref.version()));
        HubInstall.Data found = ctx.hub().read(answer, HubInstall.class).data();
        if (found == null || found.simpleIndexUrl() == null || found.version() == null) {
            throw new CliException(ExitCodes.REFUSED, "the hub gave no package index for " + ref + " — is it an EnvHub, and up to date?");
        }
        String index = found.simpleIndexUrl();
        String spec = found.name() + "==" + found.version();
        String token = ctx.session().personalToken().orElse(null);
        ctx.notes().println("resolved " + ref + " to " + found.owner() + "/" + found.name() + " " + found.version()
                + (found.yanked() ? " (yanked)" : "") + ", " + found.filename() + " sha256 " + found.sha256());
        if (token == null && ctx.session().signedIn()) {
            ctx.err().println("envhub: note: pip cannot use a device login; private environments need a personal access token "
                    + "(`envhub token create --name pip --scope read`, then `envhub login --token`)");
        }
        Path secret = null;
        List<String> cmd = new ArrayList<>(List.of(python(ctx), "-m", "pip", "install"));
        List<String> shown = new ArrayList<>(cmd);
        try {
            if (token == null) {
                cmd.addAll(List.of("--extra-index-url", index, spec));
                shown.addAll(List.of("--extra-index-url", index, spec));
            } else {
                secret = requirements(withToken(index, token), spec);
                cmd.addAll(List.of("-r", secret.toString()));
                shown.addAll(List.of("--extra-index-url", withToken(index, "****"), spec));
            }
            cmd.addAll(pipArgs);
            shown.addAll(pipArgs);
            ctx.notes().println("$ " + String.join(" ", shown.stream().map(InstallCommand::quote).toList())
                    + (secret == null ? "" : "   (the index URL with your token is read from a private temporary requirements file)"));
            int code = pip(ctx, cmd);
            if (ctx.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("resolved", found);
                m.put("command", shown);
                m.put("pipExitCode", code);
                printJson(ctx, m);
            }
            if (code != 0) {
                throw new CliException(ExitCodes.REFUSED, "pip failed (exit code " + code + ") installing " + found.owner() + "/"
                        + spec + " — see its output above");
            }
        } finally {
            if (secret != null) {
                Files.deleteIfExists(secret);
                Files.deleteIfExists(secret.getParent());
            }
        }
        return ExitCodes.OK;
    }

    private int pip(CliContext ctx, List<String> cmd) throws IOException, InterruptedException {
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
        return code;
    }

    /**
     * A requirements file only its owner may read, in a fresh private directory: the credentialed extra index and the
     * pinned requirement (pip and uv read {@code --extra-index-url} lines there, even with {@code --isolated}).
     */
    static Path requirements(String indexWithToken, String spec) throws IOException {
        Path dir = Files.createTempDirectory("envhub-install-", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Path file = dir.resolve("requirements.txt");
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, "--extra-index-url " + indexWithToken + "\n" + spec + "\n", StandardCharsets.UTF_8);
        return file;
    }

    /**
     * An index URL with {@code __token__} credentials.
     *
     * @param index absolute index URL as the hub gave it
     * @param token personal access token (or a mask)
     * @return the URL
     */
    static String withToken(String index, String token) {
        URI u = URI.create(index);
        return u.getScheme() + "://__token__:" + token + "@" + u.getRawAuthority() + (u.getRawPath() == null ? "" : u.getRawPath());
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
