package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.FileUpload;
import io.envhub.cli.http.MultipartUpload;
import io.envhub.cli.http.Situation;
import io.envhub.cli.progress.ProgressBar;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub eval push|list}: evaluation results tied to exact versions. */
@Command(name = "eval", mixinStandardHelpOptions = true,
        header = "Push, list and run evaluations.",
        description = "Evaluation runs as the verifiers tooling (vf-eval, prime eval run) writes them: a v0 directory with "
                + "metadata.json and results.jsonl (or results.jsonl.gz), or a v1 directory with traces.jsonl and "
                + "configs/<cli>.json. Runs are tied to one version the hub ran and "
                + "shown on the environment's Evaluations tab as self-reported results.",
        subcommands = {EvalCommand.Push.class, EvalCommand.ListRuns.class, EvalRunCommand.class})
public final class EvalCommand extends BaseCommand {
    /** The file that marks a verifiers v1 run directory (one episode per line). */
    static final String TRACES = "traces.jsonl";

    @Override
    protected int run(CliContext ctx) {
        spec.commandLine().usage(ctx.out());
        return ExitCodes.USAGE;
    }

    /** {@code envhub eval push RUN_DIR --env OWNER/NAME@VERSION}. */
    @Command(name = "push", mixinStandardHelpOptions = true, header = "Upload a run directory.",
            description = {"Upload RUN_DIR as a run of OWNER/NAME at VERSION, with a progress bar: a verifiers v0 run "
                    + "(metadata.json and results.jsonl or results.jsonl.gz) or a verifiers v1 run (traces.jsonl and "
                    + "configs/<cli>.json), sent as they are; the hub reads both. The hub checks the files (well-formed "
                    + "JSON, tasks × rollouts per task, the example ids, avg_reward, the environment and version the run "
                    + "recorded) and refuses runs on versions it did not validate by running them.",
                "With --gzip a plain results.jsonl or traces.jsonl is compressed before the upload."},
            footer = {"", "Examples:", "  envhub eval push outputs/evals/reverse-text--gpt-4.1-mini/1a2b3c --env alice/reverse-text@0.1.4",
                "  envhub eval push RUN_DIR --env alice/reverse-text@0.1.4 --gzip --json"})
    static final class Push extends BaseCommand {
        @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The run directory")
        Path dir;

        @Option(names = "--env", required = true, paramLabel = "OWNER/NAME@VERSION", description = "The exact version evaluated")
        String env;

        @Option(names = "--gzip", description = "Compress results.jsonl (or traces.jsonl) before uploading")
        boolean gzip;

        @Override
        protected int run(CliContext ctx) throws IOException {
            Ref ref = Ref.parse(env, true);
            if (ref.version() == null) {
                throw new CliException(ExitCodes.USAGE, "give the exact version evaluated: --env " + ref.coordinates() + "@VERSION");
            }
            Path traces = dir.resolve(TRACES);
            if (Files.isRegularFile(traces) || Files.isRegularFile(dir.resolve(TRACES + ".gz"))) {
                Path config = v1Config(dir);
                Path gzTraces = dir.resolve(TRACES + ".gz");
                Path sent = Files.isRegularFile(gzTraces) && !(gzip && Files.isRegularFile(traces)) ? gzTraces : traces;
                ctx.notes().println("verifiers v1 run: sending " + dir.relativize(config) + " and " + sent.getFileName()
                        + " as they are");
                return push(ctx, ref, new String[] {"config", "traces"}, config, sent, traces);
            }
            Path metadata = dir.resolve("metadata.json");
            Path plain = dir.resolve("results.jsonl");
            Path gz = dir.resolve("results.jsonl.gz");
            if (!Files.isRegularFile(metadata)) {
                throw new CliException(ExitCodes.USAGE, dir + " has no metadata.json — give the directory vf-eval wrote");
            }
            if (!Files.isRegularFile(plain) && !Files.isRegularFile(gz)) {
                throw new CliException(ExitCodes.USAGE, dir + " has no results.jsonl (or results.jsonl.gz)");
            }
            Path results = Files.isRegularFile(gz) && !(gzip && Files.isRegularFile(plain)) ? gz : plain;
            return push(ctx, ref, new String[] {"metadata", "results"}, metadata, results, plain);
        }

        /** The run's resolved config: the first {@code configs/*.json} by name, as verifiers itself picks it. */
        private Path v1Config(Path runDir) throws IOException {
            Path configs = runDir.resolve("configs");
            List<Path> files = List.of();
            if (Files.isDirectory(configs)) {
                try (var s = Files.list(configs)) {
                    files = s.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p)).sorted().toList();
                }
            }
            if (files.isEmpty()) {
                throw new CliException(ExitCodes.USAGE, runDir + " has traces.jsonl but no configs/<cli>.json (the run's config, "
                        + "which names the model) — give the directory vf-eval wrote");
            }
            return files.get(0);
        }

        /**
         * Uploads {@code parts[0]} ({@code metadata}) and {@code parts[1]} ({@code results}), compressing {@code plain}
         * first with --gzip, with the metadata file's time as the run's date, and prints the run.
         */
        private int push(CliContext ctx, Ref ref, String[] parts, Path metadata, Path results, Path plain) throws IOException {
            Path temp = null;
            Path date = Files.createTempFile("envhub-eval-date-", ".txt");
            try {
                // verifiers writes metadata.json last and drops its date: the file's time is when the run ended
                Files.writeString(date, Files.getLastModifiedTime(metadata).toInstant().truncatedTo(ChronoUnit.SECONDS).toString());
                if (gzip && results.equals(plain)) {
                    temp = Files.createTempFile("envhub-eval-", ".jsonl.gz");
                    try (InputStream in = Files.newInputStream(plain);
                         OutputStream out = new GZIPOutputStream(Files.newOutputStream(temp))) {
                        in.transferTo(out);
                    }
                    results = temp;
                }
                JsonNode run = upload(ctx, ref, parts, metadata, results, date);
                if (ctx.json()) {
                    printJson(ctx, run);
                } else {
                    ctx.out().printf(Locale.ROOT, "Pushed run %d of %s on %s %s — mean reward %.3f ± %.3f over %d rollouts (%s)%n",
                            run.path("id").asLong(), run.path("model").asText(), ref.coordinates(), run.path("version").asText(),
                            run.path("avgReward").asDouble(), run.path("rewardStd").asDouble(), run.path("numRollouts").asInt(),
                            run.path("provenance").asText());
                    ctx.out().println(ctx.webUrl() + "/" + run.path("owner").asText() + "/" + run.path("name").asText()
                            + "/evals/" + run.path("id").asLong());
                }
                return ExitCodes.OK;
            } finally {
                Files.deleteIfExists(date);
                if (temp != null) {
                    Files.deleteIfExists(temp);
                }
            }
        }

        private JsonNode upload(CliContext ctx, Ref ref, String[] parts, Path metadata, Path results, Path date) {
            String url = ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions", ref.version(), "evals");
            ProgressBar[] bar = new ProgressBar[1];
            FileUpload.Prepared req = MultipartUpload.post(url, List.of(
                    new MultipartUpload.Part(parts[0], metadata, "application/json"),
                    new MultipartUpload.Part(parts[1], results, results.toString().endsWith(".gz") ? "application/gzip"
                            : "application/x-ndjson"),
                    new MultipartUpload.Part("run_date", date, "text/plain")), n -> bar[0].advance(n));
            bar[0] = ProgressBar.of(ctx.err(), "uploading " + results.getFileName(), req.contentLength(), ctx.terminal());
            try {
                return ctx.hub().sendOnce(req.request(), Situation.of("eval push", ref.owner(), ref.name(), ref.version()));
            } catch (UncheckedIOException e) {
                throw new CliException(ExitCodes.LOCAL, "could not read " + dir + ": " + e.getCause().getMessage());
            } finally {
                bar[0].finish();
            }
        }
    }

    /** {@code envhub eval list OWNER/NAME[@VERSION]}. */
    @Command(name = "list", mixinStandardHelpOptions = true, header = "List an environment's evaluation runs.",
            description = "List the runs of OWNER/NAME (all versions, or one with @VERSION), best mean reward first.",
            footer = {"", "Examples:", "  envhub eval list alice/reverse-text", "  envhub eval list alice/reverse-text@0.1.4 --json"})
    static final class ListRuns extends BaseCommand {
        @Parameters(index = "0", paramLabel = "OWNER/NAME[@VERSION]", description = "The environment")
        String reference;

        @Override
        protected int run(CliContext ctx) {
            Ref ref = Ref.parse(reference, true);
            String url = ref.version() == null
                    ? ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "evals")
                    : ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions", ref.version(), "evals");
            JsonNode list = ctx.hub().get(url, Situation.of("eval list", ref.owner(), ref.name(), ref.version()));
            if (ctx.json()) {
                printJson(ctx, list);
                return ExitCodes.OK;
            }
            if (list.isEmpty()) {
                ctx.out().println(ref + " has no evaluation runs");
                return ExitCodes.OK;
            }
            ctx.out().printf("%-6s %-10s %-32s %-16s %-9s %-10s %s%n", "ID", "VERSION", "MODEL", "REWARD", "ROLLOUTS",
                    "SUBMITTER", "PROVENANCE");
            for (JsonNode r : list) {
                ctx.out().printf(Locale.ROOT, "%-6d %-10s %-32s %-16s %-9d %-10s %s%n", r.path("id").asLong(),
                        r.path("version").asText() + (r.path("versionYanked").asBoolean() ? "*" : ""),
                        r.path("model").asText(), String.format(Locale.ROOT, "%.3f ± %.3f", r.path("avgReward").asDouble(),
                                r.path("rewardStd").asDouble()), r.path("numRollouts").asInt(),
                        r.path("submitter").asText("-"), r.path("provenance").asText());
            }
            if (list.findValues("versionYanked").stream().anyMatch(JsonNode::asBoolean)) {
                ctx.out().println("* yanked version");
            }
            return ExitCodes.OK;
        }
    }
}
