package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.TrustReport;
import io.envhub.contract.report.ValidationReport;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.UpstreamIndex;
import io.envhub.validator.deps.DependencyResolver;
import io.envhub.validator.deps.DependencySettings;
import io.envhub.format.wheel.WheelWriter;
import io.envhub.validator.sandbox.BubblewrapSandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The verifiers v1 runtime in the real sandbox: packages in the taskset layout (one {@code vf.Taskset} subclass exported
 * through {@code __all__}, no load_environment) are installed with {@code verifiers} added implicitly, resolved through
 * the upstream index fixture, loaded with their default config, and scored by calling their {@code @vf.reward} methods
 * on synthetic traces.
 *
 * <p>PyPI is unreachable here, so {@code verifiers} on the index is a stand-in wheel built by this test from
 * {@code standin-verifiers/} (test resources, EnvHub's own code): it implements only the v1 surface the harness calls.
 * The fixture packages are written for these tests.
 */
class V1TasksetRuntimeTest extends SandboxedEngineTest {
    static UpstreamIndex withVerifiers;
    static UpstreamIndex withoutVerifiers;
    static Path cache;

    /** A single-turn reversal taskset reading its bundled data file; {@code REWARD} is the reward method's body. */
    private static final String TASKSET = """
            import json
            from pathlib import Path

            import verifiers.v1 as vf


            class ReverseData(vf.TaskData):
                answer: str
                \"\"\"The reversed text.\"\"\"


            class ReverseTask(vf.Task[ReverseData]):
                @vf.stop
                async def single_turn(self, trace: vf.Trace) -> bool:
                    return trace.num_turns >= 1

                @vf.reward(weight=1.0)
                async def exact(self, trace: vf.Trace) -> float:
            REWARD

                async def validate(self, runtime) -> bool:
                    return self.data.answer == self.data.prompt[::-1]


            class ReverseConfig(vf.TasksetConfig):
                data_file: str = "words.jsonl"


            class ReverseTaskset(vf.Taskset[ReverseTask, ReverseConfig]):
                \"\"\"Reverse a short text.\"\"\"

                def load(self) -> list[ReverseTask]:
            LOAD
            """;

    private static final String EXACT = "return float(trace.last_reply == self.data.answer)";
    private static final String BUNDLED = """
            lines = (Path(__file__).parent / self.config.data_file).read_text().splitlines()
            texts = [json.loads(line)["text"] for line in lines if line.strip()]
            return [ReverseTask(ReverseData(idx=i, prompt=t, answer=t[::-1]), self.config.task) for i, t in enumerate(texts)]
            """;
    private static final String WORDS = """
            {"text": "hello world"}
            {"text": "open the door"}
            {"text": "a man a plan a canal"}
            {"text": "never odd or even"}
            """;

    @BeforeAll
    static void startIndexes() throws IOException {
        withVerifiers = UpstreamIndex.start();
        withVerifiers.addWheel(standInVerifiers());
        withoutVerifiers = UpstreamIndex.start();
        cache = Files.createDirectories(fx.root.resolve("v1-dependency-cache"));
    }

    @AfterAll
    static void stopIndexes() {
        for (UpstreamIndex index : new UpstreamIndex[] {withVerifiers, withoutVerifiers}) {
            if (index != null) {
                index.close();
            }
        }
    }

    /** The stand-in verifiers wheel, from the test resources under standin-verifiers/. */
    static TestWheels.Built standInVerifiers() throws IOException {
        Path root;
        try {
            root = Path.of(V1TasksetRuntimeTest.class.getResource("standin-verifiers").toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        CoreMetadata metadata = new CoreMetadata("2.1", "verifiers", "0.99.0", "EnvHub test stand-in for verifiers v1",
                List.of(), "MIT", ">=3.10", List.of(), null, null, null, null, List.of());
        WheelWriter writer = new WheelWriter(metadata);
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".py")).sorted().toList()) {
                writer.addFile(root.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
        }
        return new TestWheels.Built(writer.fileName().toString(), writer.toBytes());
    }

    private static Fixtures taskset(String name, String reward, String load) {
        String module = name.replace('-', '_');
        String source = TASKSET.replace("REWARD", reward.indent(8).stripTrailing())
                .replace("LOAD", load.strip().indent(8).stripTrailing());
        return Fixtures.bare(name)
                .file(module + "/__init__.py", "from " + module + ".taskset import ReverseTaskset\n\n__all__ = [\"ReverseTaskset\"]\n")
                .file(module + "/taskset.py", source)
                .file(module + "/words.jsonl", WORDS);
    }

    private static ValidationReport validate(UpstreamIndex index, Path wheel, String label) {
        DependencyResolver resolver = new DependencyResolver(new DependencySettings(index.simpleUrl(), cache, 64L << 20, 120,
                EngineSettings.PYTHON));
        ValidationReport r = new ValidationEngine(new BubblewrapSandbox(), fx.settings(), resolver).validate(wheel, "alice");
        try {
            Path dir = Files.createDirectories(Path.of("target", "validation-reports"));
            Files.writeString(dir.resolve("v1-" + label + ".json"), ReportJson.write(r));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return r;
    }

    @Test
    void aTasksetWithABundledDatasetRunsAndEndsVerified() {
        Path wheel = taskset("bundled-reverse", EXACT, BUNDLED).requires("tiny-dep").write(fx.wheels);
        ValidationReport r = validate(withVerifiers, wheel, "bundled");
        String json = ReportJson.write(r);
        assertEquals(ValidationReport.VALIDATED, r.status(), json);
        assertTrue(r.runtimeVerified(), json);
        assertNull(r.skipReason(), json);
        EngineFixture.assertCheck(r, "static.layout", CheckStatus.PASS, "verifiers v1 taskset ReverseTaskset");
        assertTrue(r.check("static.load_environment").isEmpty(), "a v1 package has no load_environment check");
        EngineFixture.assertCheck(r, "install", CheckStatus.PASS, "verifiers-0.99.0");
        EngineFixture.assertCheck(r, "runtime.import", CheckStatus.PASS, "verifiers v1 taskset package");
        EngineFixture.assertCheck(r, "runtime.load_environment", CheckStatus.PASS,
                "loaded taskset ReverseTaskset with its default config ReverseConfig(data_file='words.jsonl'); load() gave 4 tasks");
        EngineFixture.assertCheck(r, "runtime.dataset", CheckStatus.PASS, "4 tasks of ReverseData");
        EngineFixture.assertCheck(r, "runtime.rubric", CheckStatus.PASS, "exact (weight 1.0, async); stop conditions: single_turn");
        EngineFixture.assertCheck(r, "runtime.rewards", CheckStatus.PASS, "Task.score gave finite rewards on 3 tasks");
        EngineFixture.assertCheck(r, "runtime.task_checks", CheckStatus.PASS, "4 of 4 tasks valid");
        EngineFixture.assertCheck(r, "trust.reward_hacking", CheckStatus.PASS, "");
        EngineFixture.assertCheck(r, "trust.determinism", CheckStatus.PASS, "");
        EngineFixture.assertCheck(r, "trust.fingerprint", CheckStatus.PASS, "4 rows");
        assertEquals(4, r.dataset().size());
        assertEquals(List.of("idx", "prompt", "answer"), r.dataset().columns());
        assertEquals(List.of("0", "hello world", "dlrow olleh"), r.dataset().sample().get(0));
        assertEquals("exact", r.rubric().functions().get(0).name());
        TrustReport.ProbeScore answer = probe(r, "answer");
        assertEquals(1.0, answer.meanScore());
        assertEquals(0.0, probe(r, "empty").meanScore());
        assertEquals(0.0, probe(r, "echo").meanScore());
        assertEquals(0.0, probe(r, "junk").meanScore());
        assertTrue(r.trust().flags().isEmpty(), r.trust().flags().toString());
    }

    @Test
    void aRewardThatPaysTheEmptyReplyIsFlagged() {
        Path wheel = taskset("hackable-reverse", "return 1.0 if trace.last_reply in (\"\", self.data.answer) else 0.0",
                BUNDLED).write(fx.wheels);
        ValidationReport r = validate(withVerifiers, wheel, "hacking");
        String json = ReportJson.write(r);
        assertTrue(r.runtimeVerified(), json);
        EngineFixture.assertCheck(r, "trust.reward_hacking", CheckStatus.WARN, "reward hacking: the empty");
        assertTrue(probe(r, "empty").flagged(), json);
        assertEquals(1.0, probe(r, "empty").meanScore());
        assertTrue(r.trust().flags().stream().anyMatch(f -> f.startsWith("reward hacking: the empty")), json);
    }

    @Test
    void aLoadThatReadsANetworkDatasetIsStaticChecksOnlyNamingTheHost() {
        String network = """
                import urllib.request
                with urllib.request.urlopen("https://huggingface.co/api/datasets/acme/reverse-text", timeout=5) as page:
                    rows = json.load(page)
                return [ReverseTask(ReverseData(idx=i, prompt=r["text"], answer=r["text"][::-1])) for i, r in enumerate(rows)]
                """;
        Path wheel = taskset("hub-reverse", EXACT, network).write(fx.wheels);
        ValidationReport r = validate(withVerifiers, wheel, "network");
        String json = ReportJson.write(r);
        assertEquals(ValidationReport.VALIDATED, r.status(), json);
        assertFalse(r.runtimeVerified(), json);
        assertEquals("needs network access to huggingface.co", r.skipReason(), json);
        EngineFixture.assertCheck(r, "runtime.rewards", CheckStatus.SKIP, "needs network access to huggingface.co");
        EngineFixture.assertCheck(r, "trust.reward_hacking", CheckStatus.SKIP, "needs network access to huggingface.co");
    }

    @Test
    void aDependencyTheIndexLacksIsStaticChecksOnlyNamingIt() {
        Path wheel = taskset("needs-missing", EXACT, BUNDLED).requires("nowhere-to-be-found>=2").write(fx.wheels);
        ValidationReport r = validate(withVerifiers, wheel, "missing-dep");
        String json = ReportJson.write(r);
        assertEquals(ValidationReport.VALIDATED, r.status(), json);
        assertFalse(r.runtimeVerified(), json);
        assertEquals("dependency nowhere-to-be-found>=2 is not available from the upstream index", r.skipReason(), json);
        assertTrue(r.summary().contains("static checks passed; runtime checks skipped: dependency nowhere-to-be-found>=2"),
                r.summary());
        EngineFixture.assertCheck(r, "trust.reward_hacking", CheckStatus.SKIP, "nowhere-to-be-found");
    }

    @Test
    void withoutVerifiersOnTheIndexAV1PackageIsStaticChecksOnlyNamingVerifiers() {
        Path wheel = taskset("no-verifiers", EXACT, BUNDLED).write(fx.wheels);
        ValidationReport r = validate(withoutVerifiers, wheel, "no-verifiers");
        String json = ReportJson.write(r);
        assertEquals(ValidationReport.VALIDATED, r.status(), json);
        assertFalse(r.runtimeVerified(), json);
        assertEquals("dependency verifiers is not available from the upstream index", r.skipReason(), json);
        EngineFixture.assertCheck(r, "runtime.import", CheckStatus.SKIP, "dependency verifiers is not available");
    }

    @Test
    void rewardsThatAllNeedARuntimeAreStaticChecksOnlyNotFailed() {
        Path wheel = taskset("runtime-scored", EXACT, BUNDLED)
                .file("runtime_scored/taskset.py", TASKSET.replace("async def exact(self, trace: vf.Trace) -> float:",
                                "async def exact(self, trace: vf.Trace, runtime) -> float:")
                        .replace("REWARD", EXACT.indent(8).stripTrailing()).replace("LOAD", BUNDLED.strip().indent(8).stripTrailing()))
                .write(fx.wheels);
        ValidationReport r = validate(withVerifiers, wheel, "needs-runtime");
        String json = ReportJson.write(r);
        assertEquals(ValidationReport.VALIDATED, r.status(), json);
        assertFalse(r.runtimeVerified(), json);
        assertEquals("every reward of ReverseTask needs a runtime (exact); the validator scores rewards offline", r.skipReason(),
                json);
        assertEquals(4, r.dataset().size(), "the dataset was read before the rewards: " + json);
    }

    @Test
    void aSetupThatNeedsTheNetworkSkipsTheTaskChecksNamingTheHostAndTheRestRuns() {
        String setup = TASKSET.replace("    async def validate(self, runtime) -> bool:", """
                    async def setup(self, trace, runtime) -> None:
                        import socket
                        socket.create_connection(("huggingface.co", 443), timeout=5)

                    async def validate(self, runtime) -> bool:""".stripLeading().indent(4).stripTrailing())
                .replace("REWARD", EXACT.indent(8).stripTrailing()).replace("LOAD", BUNDLED.strip().indent(8).stripTrailing());
        Path wheel = taskset("setup-online", EXACT, BUNDLED).file("setup_online/taskset.py", setup).write(fx.wheels);
        ValidationReport r = validate(withVerifiers, wheel, "setup-network");
        String json = ReportJson.write(r);
        assertTrue(r.runtimeVerified(), json);
        EngineFixture.assertCheck(r, "runtime.task_checks", CheckStatus.SKIP,
                "verifiers' validate checks (Task.setup and Task.validate) need network access to huggingface.co");
        EngineFixture.assertCheck(r, "trust.reward_hacking", CheckStatus.PASS, "");
    }

    @Test
    void withoutAResolverTheWheelhouseMustHoldVerifiers() {
        Path wheel = taskset("wheelhouse-only", EXACT, BUNDLED).write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "v1-wheelhouse-only");
        String json = ReportJson.write(r);
        assertFalse(r.runtimeVerified(), json);
        assertTrue(r.skipReason().startsWith("missing dependency: verifiers (no wheel from the configured index"), json);
    }

    @Test
    void chatPromptsAndWeightedRewardsAreScoredWithTheirWeights() {
        String source = """
                import verifiers.v1 as vf


                class EchoData(vf.TaskData):
                    answer: str


                class EchoTask(vf.Task[EchoData]):
                    @vf.reward(weight=2.0)
                    def exact(self, trace: vf.Trace) -> float:
                        return float(trace.last_reply == self.data.answer)

                    @vf.reward(weight=0.5)
                    async def mentions_answer(self, task: EchoData, trace: vf.Trace) -> float:
                        return float(task.answer in trace.last_reply)

                    @vf.metric
                    async def reply_length(self, trace: vf.Trace) -> float:
                        return float(len(trace.last_reply))


                class EchoTaskset(vf.Taskset[EchoTask, vf.TasksetConfig]):
                    def load(self):
                        for i, word in enumerate(["alpha", "bravo", "charlie"]):
                            yield EchoTask(EchoData(idx=i, system_prompt="Answer with one word.",
                                                    prompt=[vf.UserMessage(content="Say the word after " + word)],
                                                    answer=word.upper()))
                """;
        Path wheel = Fixtures.bare("chat-echo")
                .file("chat_echo/__init__.py", "from chat_echo.taskset import EchoTaskset\n\n__all__ = [\"EchoTaskset\"]\n")
                .file("chat_echo/taskset.py", source).write(fx.wheels);
        ValidationReport r = validate(withVerifiers, wheel, "chat-weights");
        String json = ReportJson.write(r);
        assertTrue(r.runtimeVerified(), json);
        EngineFixture.assertCheck(r, "runtime.rubric", CheckStatus.PASS,
                "2 rewards of EchoTask: exact (weight 2.0), mentions_answer (weight 0.5, async)");
        EngineFixture.assertCheck(r, "runtime.load_environment", CheckStatus.PASS, "default config TasksetConfig(); load() gave 3 tasks");
        assertEquals(2.5, probe(r, "answer").meanScore(), json);
        assertEquals(0.0, probe(r, "echo").meanScore(), json);
        assertEquals(List.of("idx", "prompt", "system_prompt", "answer"), r.dataset().columns(), json);
        assertEquals("chat", r.dataset().schema().get(1).type(), json);
        assertEquals("user: Say the word after alpha", r.dataset().sample().get(0).get(1), json);
    }

    @Test
    void twoExportedTasksetsFailInVerifiersOwnWords() {
        Path wheel = taskset("two-tasksets", EXACT, BUNDLED)
                .file("two_tasksets/__init__.py", """
                        from two_tasksets.taskset import ReverseTaskset


                        class OtherTaskset(ReverseTaskset):
                            pass


                        __all__ = ["ReverseTaskset", "OtherTaskset"]
                        """).write(fx.wheels);
        ValidationReport r = validate(withVerifiers, wheel, "two-tasksets");
        String json = ReportJson.write(r);
        assertEquals(ValidationReport.FAILED, r.status(), json);
        // the static layout reader refuses it before anything runs, in the words the sandbox's loader would use
        EngineFixture.assertCheck(r, "static.layout", CheckStatus.FAIL,
                "module 'two_tasksets' exports 2 Taskset subclasses via `__all__` (ReverseTaskset, OtherTaskset); export exactly one");
        EngineFixture.assertCheck(r, "runtime.load_environment", CheckStatus.SKIP, "not run");
    }

    private static TrustReport.ProbeScore probe(ValidationReport r, String name) {
        assertNotNull(r.trust(), ReportJson.write(r));
        return r.trust().probes().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }
}
