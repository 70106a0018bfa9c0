package io.envhub.cli.commands;

import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.Situation;
import io.envhub.contract.api.HubEvalRequest;
import io.envhub.contract.api.HubEvalRun;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub eval run OWNER/NAME@VERSION --base-url URL --model M --api-key-env VAR [--follow]}: a hub-run evaluation. */
@Command(name = "run", mixinStandardHelpOptions = true, header = "Have the hub run an evaluation with your model endpoint.",
        description = {"The hub runs OWNER/NAME@VERSION in its sandbox and calls your OpenAI-compatible endpoint "
                + "(POST <base-url>/chat/completions) for every rollout; rewards come from the environment itself. The result "
                + "is an evaluation run with provenance hub-run on the environment's leaderboard.",
            "The API key is read from the environment variable named by --api-key-env (never from the command line, never "
                + "printed); the hub holds it in memory for the run only. The endpoint's host must be allowed by the hub's "
                + "operator (ENVHUB_EVAL_ALLOWED_HOSTS).",
            "With --follow the command shows progress until the run ends, then prints the mean reward and the run's page; "
                + "it exits 1 when the run failed or was cancelled."},
        footer = {"", "Example:", "  export OPENAI_API_KEY=sk-...",
            "  envhub eval run alice/reverse-text@0.1.4 --base-url https://api.openai.com/v1 --model gpt-4.1-mini \\",
            "      --api-key-env OPENAI_API_KEY --examples 10 --rollouts 2 --temperature 0.7 --follow"})
public final class EvalRunCommand extends BaseCommand {
    /** How often --follow asks for progress, in milliseconds (ENVHUB_EVAL_POLL_MS for tests). */
    static final long POLL_MS = 1000;

    @Parameters(index = "0", paramLabel = "OWNER/NAME@VERSION", description = "The exact version to evaluate")
    String reference;

    @Option(names = "--base-url", required = true, paramLabel = "URL",
            description = "The endpoint's base URL, e.g. https://api.openai.com/v1")
    String baseUrl;

    @Option(names = "--model", required = true, paramLabel = "M", description = "The model's name at the endpoint")
    String model;

    @Option(names = "--api-key-env", required = true, paramLabel = "VAR", description = "Environment variable holding the API key")
    String apiKeyEnv;

    @Option(names = "--examples", paramLabel = "N", defaultValue = "5", description = "Tasks to evaluate (the first N; default 5)")
    int examples;

    @Option(names = "--rollouts", paramLabel = "N", defaultValue = "1", description = "Rollouts per task (default 1)")
    int rollouts;

    @Option(names = "--temperature", paramLabel = "T", description = "Sampling temperature")
    Double temperature;

    @Option(names = "--max-tokens", paramLabel = "N", description = "Most tokens per reply")
    Integer maxTokens;

    @Option(names = "--follow", description = "Show progress until the run ends, then its mean reward and page")
    boolean follow;

    @Override
    protected int run(CliContext ctx) throws InterruptedException {
        Ref ref = Ref.parse(reference, true);
        if (ref.version() == null) {
            throw new CliException(ExitCodes.USAGE, "give the exact version to evaluate: " + ref.coordinates() + "@VERSION");
        }
        if (examples < 1 || rollouts < 1) {
            throw new CliException(ExitCodes.USAGE, "--examples and --rollouts must be at least 1");
        }
        String key = ctx.env().get(apiKeyEnv);
        if (key == null || key.isBlank()) {
            throw new CliException(ExitCodes.USAGE, "environment variable " + apiKeyEnv + " is not set (--api-key-env names the "
                    + "variable that holds the endpoint's API key)");
        }
        TokenCommand.requireSignedIn(ctx);
        Map<String, Object> sampling = new LinkedHashMap<>();
        if (temperature != null) {
            sampling.put("temperature", temperature);
        }
        if (maxTokens != null) {
            sampling.put("max_tokens", maxTokens);
        }
        String runs = ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions", ref.version(), "evals", "runs");
        Situation situation = Situation.of("eval run", ref.owner(), ref.name(), ref.version());
        HubEvalRun started = ctx.hub().read(ctx.hub().post(runs, new HubEvalRequest(baseUrl, model, key.strip(), examples, rollouts,
                sampling), situation), HubEvalRun.class);
        String label = ref.coordinates() + "@" + ref.version();
        if (!follow) {
            if (ctx.json()) {
                printJson(ctx, ctx.mapper().valueToTree(started));
            } else {
                ctx.out().println("Started hub-run evaluation " + started.id() + " of " + label + " (" + started.status() + ")");
                ctx.out().println("Progress: " + runs + "/" + started.id());
            }
            return ExitCodes.OK;
        }
        ctx.notes().println("hub-run evaluation " + started.id() + " of " + label + " with " + model + ": queued");
        HubEvalRun run = started;
        String last = "";
        long poll = Long.parseLong(ctx.env().getOrDefault("ENVHUB_EVAL_POLL_MS", Long.toString(POLL_MS)));
        while (!run.over()) {
            Thread.sleep(poll);
            run = ctx.hub().read(ctx.hub().get(runs + "/" + started.id(), situation), HubEvalRun.class);
            String line = progress(run);
            if (!line.equals(last)) {
                ctx.notes().println(line);
                last = line;
            }
        }
        if (ctx.json()) {
            printJson(ctx, ctx.mapper().valueToTree(run));
        } else if (HubEvalRun.FINISHED.equals(run.status())) {
            ctx.out().printf(Locale.ROOT, "Hub-run evaluation %s of %s finished: mean reward %.3f over %d rollouts (hub-run)%n",
                    run.id(), label, run.meanReward() == null ? 0.0 : run.meanReward(), run.done());
            if (run.evalRunId() != null) {
                ctx.out().println(ctx.webUrl() + "/" + ref.owner() + "/" + ref.name() + "/evals/" + run.evalRunId());
            }
        }
        if (HubEvalRun.FINISHED.equals(run.status())) {
            return ExitCodes.OK;
        }
        throw new CliException(ExitCodes.REFUSED, "hub-run evaluation " + run.id() + " " + run.status()
                + (run.error() == null ? "" : ": " + run.error()) + " (" + run.done() + "/" + run.total() + " rollouts done)");
    }

    /** One progress line: {@code [#####-----] 3/8 rollouts  mean reward 0.700  running}. */
    static String progress(HubEvalRun run) {
        int done = run.done() == null ? 0 : run.done();
        int total = run.total() == null || run.total() < 1 ? 1 : run.total();
        int filled = (int) Math.round(20.0 * done / total);
        return "[" + "#".repeat(filled) + "-".repeat(20 - filled) + "] " + done + "/" + total + " rollouts"
                + (run.meanReward() == null ? "" : String.format(Locale.ROOT, "  mean reward %.3f", run.meanReward()))
                + "  " + run.status();
    }
}
