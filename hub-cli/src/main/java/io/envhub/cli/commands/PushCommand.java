package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.build.BuildResult;
import io.envhub.cli.build.LocalChecks;
import io.envhub.cli.build.WheelBuilder;
import io.envhub.cli.http.HubClient;
import io.envhub.cli.http.FileUpload;
import io.envhub.cli.http.Situation;
import io.envhub.cli.progress.ProgressBar;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub push [DIR]}: build, check, upload with a progress bar, and wait for validation. */
@Command(name = "push", mixinStandardHelpOptions = true,
        header = "Build, check, upload and wait for validation.",
        description = {"Build the wheel (like `envhub build`), check it locally (wheel reads back, module present, "
            + "load_environment defined, README present), upload it to OWNER/NAME and wait for the hub's validation.",
            "Versions are immutable: pushing an existing version is refused — bump `version` in pyproject.toml.",
            "After validation it prints the verdict (verified, verified with N flags, static checks only, failed, error), "
            + "each failing (✗) or warning (!) check, why the runtime did not run, each trust flag (⚑) and the version's "
            + "page (ENVHUB_WEB_URL). Exit code 1 when validation failed; with --strict, 5 for warnings."},
        footer = {"", "Examples:", "  envhub push", "  envhub push ./reverse-text --owner my-org --visibility private --no-wait",
            "  envhub push --strict   # in CI: flags and static-only results fail the job (exit 5)",
            "  envhub push --dry-run"})
public final class PushCommand extends BaseCommand {
    /** What to make of the visibility option. */
    enum Visibility { PUBLIC, PRIVATE }

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", description = "Project directory (default: .)")
    Path dir = Path.of(".");

    @Option(names = "--owner", paramLabel = "OWNER", description = "User or organisation to publish under (default: you)")
    String owner;

    @Option(names = "--visibility", paramLabel = "public|private", converter = VisibilityConverter.class,
            description = "Visibility of a new environment (default: public; ignored when it exists)")
    Visibility visibility;

    @Option(names = "--dry-run", description = "Build and run the local checks only; upload nothing")
    boolean dryRun;

    @Option(names = "--no-wait", description = "Do not wait for validation")
    boolean noWait;

    @Option(names = "--wait-timeout", paramLabel = "SECONDS", defaultValue = "300",
            description = "How long to wait for validation (default: ${DEFAULT-VALUE} s)")
    long waitTimeout;

    @Option(names = "--strict", description = "For CI: exit 5 when validation passes with warnings (trust flags, static "
            + "checks only) or does not finish in time")
    boolean strict;

    @Override
    protected int run(CliContext ctx) {
        BuildResult built = WheelBuilder.build(dir);
        List<LocalChecks.Check> checks = LocalChecks.run(built);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("build", BuildCommand.toJson(built));
        json.put("checks", checks);
        if (!ctx.json()) {
            BuildCommand.printHuman(ctx, built, false);
            for (LocalChecks.Check c : checks) {
                ctx.out().println("  " + (!c.passed() ? "FAIL" : c.warning() ? "warn" : "ok  ") + " " + c.name() + ": " + c.detail());
            }
        }
        if (!LocalChecks.allPassed(checks)) {
            LocalChecks.Check first = checks.stream().filter(c -> !c.passed()).findFirst().orElseThrow();
            throw new CliException(ExitCodes.LOCAL, "local check '" + first.name() + "' failed: " + first.detail()
                    + (dryRun ? "" : "; nothing was uploaded"));
        }
        if (dryRun) {
            WheelSizeLimit.require(built, io.envhub.contract.UploadLimits.DEFAULT_MAX_WHEEL_BYTES, "the hub's default upload", "");
            json.put("dryRun", true);
            if (ctx.json()) {
                printJson(ctx, json);
            } else {
                ctx.out().println("Dry run: checks passed; nothing was uploaded.");
            }
            return ExitCodes.OK;
        }
        String ns = owner != null ? owner : currentUser(ctx);
        Situation situation = Situation.of("push", ns, built.normalizedName(), built.version()).withFilename(built.filename());
        WheelSizeLimit.require(built, WheelSizeLimit.ofHub(ctx, situation), "the hub's upload", "; nothing was uploaded");
        JsonNode published = upload(ctx, ns, built, situation);
        json.put("published", published);
        String version = published.path("version").asText(built.version());
        String name = published.path("name").asText(built.normalizedName());
        String coords = published.path("owner").asText(ns) + "/" + name;
        if (!published.path("sha256").asText(built.sha256()).equals(built.sha256())) {
            throw new CliException(ExitCodes.LOCAL, "the hub stored sha256 " + published.path("sha256").asText()
                    + " but the wheel has " + built.sha256() + " — push again");
        }
        if (!ctx.json()) {
            ctx.out().println("Published " + coords + " " + version + (published.path("environmentCreated").asBoolean(false)
                    ? " (new environment)" : "") + " — status: " + statusWord(published));
        }
        int code = ExitCodes.OK;
        if (!noWait) {
            ValidationWait.Result r = new ValidationWait(ctx, waitTimeout).await(ns, name, version);
            json.put("validation", r.toJson());
            code = r.exitCode(strict);
        }
        if (ctx.json()) {
            printJson(ctx, json);
        }
        return code;
    }

    /**
     * The word the pages use for the new version's state (issue 36, items 3 and 9): the hub's {@code trustStatus}
     * (API version 2 sends only that); from an older hub's internal {@code status}, {@code validating} while validation
     * has not ended.
     */
    static String statusWord(JsonNode published) {
        String trust = published.path("trustStatus").asText("");
        if (!trust.isEmpty()) {
            return trust;
        }
        String status = published.path("status").asText("pending");
        return io.envhub.contract.VersionStatus.find(status).filter(io.envhub.contract.VersionStatus::inProgress).isPresent()
                ? io.envhub.contract.TrustStatus.VALIDATING.wire() : status;
    }

    private static String currentUser(CliContext ctx) {
        if (!ctx.session().signedIn()) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "not signed in to " + ctx.hubUrl()
                    + " — run `envhub login` (or set ENVHUB_TOKEN) before pushing");
        }
        JsonNode me = ctx.hub().get(ctx.hub().url("api", "v1", "me"), Situation.of("push", null, null, null));
        String name = me.path("username").asText(null);
        if (name == null) {
            throw new CliException(ExitCodes.NETWORK_OR_AUTH, "the hub did not say who you are — pass --owner");
        }
        return name;
    }

    private JsonNode upload(CliContext ctx, String ns, BuildResult built, Situation situation) {
        HubClient hub = ctx.hub();
        // the declared sha256 lets the hub stream the bytes to storage while they arrive and check them afterwards
        String url = hub.url("api", "v1", "environments", ns, built.normalizedName(), "files", built.filename())
                + "?sha256=" + built.sha256()
                + (visibility == null ? "" : "&visibility=" + visibility.name().toLowerCase(java.util.Locale.ROOT));
        ProgressBar[] bar = new ProgressBar[1];
        FileUpload.Prepared req = FileUpload.put(url, built.wheel(), n -> bar[0].advance(n));
        bar[0] = ProgressBar.of(ctx.err(), "uploading " + built.filename(), req.contentLength(), ctx.terminal());
        try {
            return hub.sendOnce(req.request(), situation);
        } finally {
            bar[0].finish();
        }
    }

    /** Parses {@code public|private} case-insensitively. */
    static final class VisibilityConverter implements picocli.CommandLine.ITypeConverter<Visibility> {
        @Override
        public Visibility convert(String value) {
            try {
                return Visibility.valueOf(value.strip().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not public or private");
            }
        }
    }
}
