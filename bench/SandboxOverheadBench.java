import io.envhub.contract.report.ValidationReport;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.wheel.WheelWriter;
import io.envhub.validator.check.EngineSettings;
import io.envhub.validator.check.ValidationEngine;
import io.envhub.validator.sandbox.BubblewrapSandbox;
import io.envhub.validator.sandbox.GvisorSandbox;
import io.envhub.validator.sandbox.Mount;
import io.envhub.validator.sandbox.Sandbox;
import io.envhub.validator.sandbox.SandboxLimits;
import io.envhub.validator.sandbox.SandboxResult;
import io.envhub.validator.sandbox.SandboxSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** See bench/sandbox-overhead.sh. Args: runs, jobs (0 or 1). */
public class SandboxOverheadBench {

    static final String MODULE = """
            def exact_match(completion, answer):
                text = completion[-1]["content"] if isinstance(completion, list) else completion
                return 1.0 if text.strip() == str(answer) else 0.0


            async def short_answer(completion, **kwargs):
                text = completion[-1]["content"] if isinstance(completion, list) else completion
                return 1.0 if 0 < len(text) <= 12 else 0.0


            class Rubric:
                def __init__(self, funcs, weights):
                    self.funcs = funcs
                    self.weights = weights


            def load_environment(num_examples: int = 200):
                rows = [{"prompt": [{"role": "user", "content": "What is %d + %d? Reply with the number only." % (i, 2 * i + 3)}],
                         "answer": str(3 * i + 3)} for i in range(num_examples)]
                return {"dataset": rows, "rubric": Rubric([exact_match, short_answer], [1.0, 0.2])}
            """;

    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        boolean jobs = !"0".equals(args[1]);
        Path root = Files.createTempDirectory("envhub-bench-");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        try {
            CoreMetadata m = CoreMetadata.of("bench-env", "1.0.0").withDescription("# bench\n", "text/markdown");
            WheelWriter w = new WheelWriter(new CoreMetadata(m.metadataVersion(), m.name(), m.version(), "bench", List.of(), "MIT",
                    null, List.of(), null, null, "text/markdown", "# bench\n", List.of()));
            w.addFile("bench_env.py", MODULE.getBytes(StandardCharsets.UTF_8));
            Path wheel = w.writeTo(root);
            Sandbox bwrap = new BubblewrapSandbox();
            Sandbox gvisor = new GvisorSandbox(root.resolve("gvisor"));
            bwrap.verify();
            gvisor.verify();
            startCost(bwrap, gvisor, runs);
            overhead(root, wheel, runs, bwrap, gvisor);
            if (jobs) {
                for (Sandbox s : List.of(bwrap, gvisor)) {
                    jobsPerMinute(root, wheel, s, 1, Math.max(4, runs / 4));
                    jobsPerMinute(root, wheel, s, 2, Math.max(4, runs / 4));
                }
            }
        } finally {
            new ProcessBuilder("rm", "-rf", root.toString()).inheritIO().start().waitFor();
        }
    }

    /** `python3 -c pass` in each sandbox, paired (the two alternate, each run's ratio kept): the cost of one start. */
    static void startCost(Sandbox bwrap, Sandbox gvisor, int runs) {
        List<Long> b = new ArrayList<>();
        List<Long> g = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        SandboxSpec pass = SandboxSpec.of(SandboxLimits.DEFAULTS, List.of(), "/usr/bin/python3", "-c", "pass");
        for (int i = 0; i < runs + 2; i++) {
            long tb = timed(bwrap, pass);
            long tg = timed(gvisor, pass);
            if (i >= 2) {
                b.add(tb);
                g.add(tg);
                ratios.add(tg / (double) tb);
            }
        }
        System.out.printf(Locale.ROOT, "python3 -c pass, median of %d paired runs: bubblewrap %.1f ms, gVisor %.1f ms,"
                + " gVisor/bubblewrap %.2f (median of the pairs' ratios)%n", runs, median(b) / 1000, median(g) / 1000,
                medianOf(ratios));
    }

    static long timed(Sandbox sandbox, SandboxSpec spec) {
        long t0 = System.nanoTime();
        SandboxResult r = sandbox.run(spec);
        long t1 = System.nanoTime();
        if (r.exitCode() != 0) {
            throw new IllegalStateException(sandbox.name() + " failed: " + r);
        }
        return (t1 - t0) / 1000;
    }

    static void overhead(Path root, Path wheel, int runs, Sandbox bwrap, Sandbox gvisor) throws Exception {
        Path venv = root.resolve("venv");
        run(List.of("/usr/bin/python3", "-m", "venv", "--without-pip", venv.toString()));
        run(List.of("/usr/bin/python3", "-m", "pip", "--python", venv + "/bin/python", "install", "--isolated", "--no-index",
                "--no-cache-dir", "--disable-pip-version-check", "-q", wheel.toString()));
        // the harness modules, copied from package-validator/target/classes (a directory on this classpath)
        Path harness = Files.createDirectories(root.resolve("harness"));
        Files.setPosixFilePermissions(harness, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path modules = Path.of(SandboxOverheadBench.class.getClassLoader().getResource("io/envhub/validator/check/harness/").toURI());
        try (var files = Files.list(modules)) {
            for (Path m : files.filter(f -> f.toString().endsWith(".py")).toList()) {
                Path copy = Files.copy(m, harness.resolve(m.getFileName().toString()));
                Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));
            }
        }
        List<String> args = List.of("-I", "HARNESS", "run", "N", "bench_env", "3", "20", "1000");
        List<String> sandboxed = new ArrayList<>(List.of("/venv/bin/python"));
        args.forEach(a -> sandboxed.add(a.equals("HARNESS") ? "/harness/main.py" : a));
        SandboxSpec spec = new SandboxSpec(sandboxed, List.of(Mount.readOnly(venv, "/venv"), Mount.readOnly(harness, "/harness")),
                java.util.Map.of(), null, SandboxLimits.DEFAULTS);
        List<String> plain = new ArrayList<>(List.of(venv + "/bin/python"));
        args.forEach(a -> plain.add(a.equals("HARNESS") ? harness.resolve("main.py").toString() : a));
        List<Long> direct = new ArrayList<>();
        List<Long> inB = new ArrayList<>();
        List<Long> inG = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < runs + 2; i++) {
            long t0 = System.nanoTime();
            String out = run(plain);
            long td = (System.nanoTime() - t0) / 1000;
            if (!out.contains("\"ok\": true")) {
                throw new IllegalStateException("direct harness failed: " + out);
            }
            long tb = harness(bwrap, spec);
            long tg = harness(gvisor, spec);
            if (i >= 2) {
                direct.add(td);
                inB.add(tb);
                inG.add(tg);
                ratios.add(tg / (double) tb);
            }
        }
        double di = median(direct) / 1000.0;
        double b = median(inB) / 1000.0;
        double g = median(inG) / 1000.0;
        System.out.printf(Locale.ROOT, "harness on the good fixture (200 rows), median of %d runs (after 2 warm-up runs),"
                + " each round direct, bubblewrap, gVisor:%n", runs);
        System.out.printf(Locale.ROOT, "  directly:   %.1f ms%n  bubblewrap: %.1f ms (overhead %.1f ms, %.0f%%)%n"
                + "  gVisor:     %.1f ms (overhead %.1f ms, %.0f%%)%n  gVisor/bubblewrap: %.2f (median of the rounds' ratios)%n",
                di, b, b - di, 100 * (b - di) / di, g, g - di, 100 * (g - di) / di, medianOf(ratios));
    }

    static long harness(Sandbox sandbox, SandboxSpec spec) {
        long t0 = System.nanoTime();
        SandboxResult r = sandbox.run(spec);
        long t1 = System.nanoTime();
        if (r.exitCode() != 0 || !r.stdout().contains("\"ok\": true")) {
            throw new IllegalStateException(sandbox.name() + ": sandboxed harness failed: " + r);
        }
        return (t1 - t0) / 1000;
    }

    static void jobsPerMinute(Path root, Path wheel, Sandbox sandbox, int workers, int jobs) throws Exception {
        Path work = Files.createDirectories(root.resolve("work-" + sandbox.name() + "-" + workers));
        ValidationEngine engine = new ValidationEngine(sandbox, EngineSettings.defaults(work, SandboxLimits.DEFAULTS));
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        long t0 = System.nanoTime();
        List<Future<ValidationReport>> done = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
            done.add(pool.submit(() -> engine.validate(wheel)));
        }
        for (Future<ValidationReport> f : done) {
            ValidationReport r = f.get();
            if (!ValidationReport.VALIDATED.equals(r.status())) {
                throw new IllegalStateException("not validated: " + r.summary());
            }
        }
        double minutes = (System.nanoTime() - t0) / 6e10;
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        System.out.printf(Locale.ROOT, "whole validations of the good fixture in %s, %d worker(s), %d jobs: %.1f jobs/minute%n",
                sandbox.name(), workers, jobs, jobs / minutes);
    }

    static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(cmd + " failed: " + out);
        }
        return out;
    }

    static double medianOf(List<Double> values) {
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2.0;
    }

    static double median(List<Long> values) {
        List<Long> v = new ArrayList<>(values);
        Collections.sort(v);
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2.0;
    }
}
