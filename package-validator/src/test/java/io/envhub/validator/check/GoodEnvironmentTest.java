package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.DatasetSummary;
import io.envhub.contract.report.RubricSummary;
import io.envhub.contract.report.TrustReport;
import io.envhub.contract.report.ValidationReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Environments that validate: end to end in the real sandbox, with and without trust warnings. */
class GoodEnvironmentTest extends SandboxedEngineTest {

    @Test
    void dependencyFreeEnvironmentValidatesWithoutTrustFlags() {
        Path wheel = Fixtures.env("good-env", Fixtures.GOOD).write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "good");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        assertTrue(r.runtimeVerified());
        assertEquals("validated", r.summary());
        r.checks().forEach(c -> assertEquals(CheckStatus.PASS, c.checkStatus(), c.id() + ": " + c.message()));
        List<String> ids = r.checks().stream().map(CheckResult::id).toList();
        assertEquals(List.of("static.size", "static.archive", "static.metadata", "static.module", "static.readme",
                "static.license", "static.top_level_files", "static.load_environment", "install", "runtime.import",
                "runtime.load_environment",
                "runtime.dataset", "runtime.rubric", "runtime.rewards", "trust.reward_hacking", "trust.sparsity",
                "trust.diversity", "trust.determinism", "trust.fingerprint"), ids);
        assertEquals(new DatasetSummary("dataset", 25, List.of("prompt", "answer", "info"), 25), r.dataset().withoutPreview());
        assertEquals(List.of(new DatasetSummary.Column("prompt", "chat"), new DatasetSummary.Column("answer", "string"),
                new DatasetSummary.Column("info", "object")), r.dataset().schema());
        assertEquals(DatasetSummary.MAX_SAMPLE_ROWS, r.dataset().sample().size());
        assertEquals(List.of("user: What is 1 + 5? Reply with the number only.", "6", "{\"id\": 1}"), r.dataset().sample().get(1));
        assertEquals(List.of(new RubricSummary.RewardFunction("exact_match", 1.0, false, "chat"),
                new RubricSummary.RewardFunction("short_answer", 0.2, true, "chat")), r.rubric().functions());
        assertTrue(r.trust().flags().isEmpty(), r.trust().flags().toString());
        assertTrue(r.trust().findings().isEmpty(), r.trust().findings().toString());
        assertEquals(20, r.trust().figures().rowsWithReference());
        assertEquals(1.0, r.trust().figures().referenceNonZeroShare(), 1e-9);
        assertEquals(1.2, r.trust().figures().referenceMean(), 1e-9);
        assertEquals(1.0, r.trust().figures().distinctPromptRatio(), 1e-9);
        assertEquals(25, r.trust().figures().rows());
        EngineFixture.assertCheck(r, "trust.sparsity", CheckStatus.PASS, "100 % of 20 rows");
        EngineFixture.assertCheck(r, "trust.diversity", CheckStatus.PASS, "distinct-prompt ratio 1.000 over 25 rows");
        assertEquals(Boolean.TRUE, r.trust().deterministic());
        assertEquals(1.2, r.trust().bestScore(), 1e-9);
        TrustReport.ProbeScore empty = r.trust().probes().get(0);
        assertEquals("empty", empty.name());
        assertEquals(0.0, empty.meanScore(), 1e-9);
        assertEquals(20, empty.rows());
        assertFalse(empty.flagged());
        assertEquals(25, r.fingerprint().rows());
        assertEquals(25, r.fingerprint().sampledRows());
        assertTrue(r.runtime().peakMemoryBytes() > 1_000_000, "peak memory " + r.runtime().peakMemoryBytes());
        assertTrue(r.runtime().wallMs() >= 0);
        assertEquals("bubblewrap", r.limits().sandbox());
        assertEquals(ReportParts.run(EngineFixture.LIMITS), r.limits().run());
        assertEquals("good_env", r.packageInfo().module());
        assertTrue(r.log().contains("building 25 rows"), r.log());
        assertEquals(64, r.packageInfo().sha256().length());
        ValidationReport back = ReportJson.read(ReportJson.write(r));
        assertEquals(r, back);
        assertTrue(ReportJson.write(r).contains("\"status\":\"pass\""));
        assertNotNull(r.durations());
    }

    @Test
    void dictFormsCallableDatasetAndStringCompletionsAreUnderstood() {
        Path wheel = Fixtures.simple("dict-env", """
                class Rows:
                    def to_list(self):
                        return [{"question": "Spell the word number %d backwards." % i, "answer": "cba"} for i in range(8)]
                def make_rows():
                    return Rows()
                def contains(completion: str, answer: str) -> float:
                    return 1.0 if answer in completion.lower() else 0.0
                return {"eval_dataset": make_rows, "rubric": {"funcs": [contains], "weights": [2.0]}}
                """).write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "dict-forms");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        assertEquals(new DatasetSummary("eval_dataset", 8, List.of("question", "answer"), 8), r.dataset().withoutPreview());
        assertEquals(8, r.dataset().sample().size());
        assertEquals(List.of(new RubricSummary.RewardFunction("contains", 2.0, false, "string")), r.rubric().functions());
        assertTrue(r.trust().flags().isEmpty(), r.trust().flags().toString());
    }

    @Test
    void rewardThatPaysForAnythingIsFlaggedButNotFailed() {
        Path wheel = Fixtures.simple("gameable-env", """
                def always_right(completion, **kwargs):
                    return 1.0
                rows = [{"question": "What is the capital of country %d?" % i, "answer": "city %d" % i} for i in range(30)]
                return {"dataset": rows, "rubric": Rubric([always_right])}
                """).write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "gameable");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        EngineFixture.assertCheck(r, "trust.reward_hacking", CheckStatus.WARN, "the empty completion scores 1.000, close to the best");
        EngineFixture.assertCheck(r, "trust.reward_hacking", CheckStatus.WARN, "random junk scores 1.000");
        assertEquals(3, r.trust().probes().stream().filter(TrustReport.ProbeScore::flagged).count());
        EngineFixture.assertCheck(r, "trust.sparsity", CheckStatus.WARN, "the reward does not reward correct answers");
        assertEquals(List.of("empty-reply", "echo", "junk", "reference-answer"),
                r.trust().findings().stream().map(f -> f.probe()).toList());
        assertEquals(r.trust().findings().stream().map(f -> f.message()).toList(), r.trust().flags());
        assertEquals(Boolean.TRUE, r.trust().deterministic());
        assertEquals("validated with 2 warnings", r.summary());
    }

    @Test
    void nonDeterministicRewardIsFlagged() {
        Path wheel = Fixtures.simple("random-env", """
                import random
                def coin(completion, answer):
                    return random.random()
                rows = [{"prompt": "Say %d" % i, "answer": str(i)} for i in range(10)]
                return {"dataset": rows, "rubric": Rubric([coin])}
                """).write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "non-deterministic");
        assertEquals(ValidationReport.VALIDATED, r.status());
        EngineFixture.assertCheck(r, "trust.determinism", CheckStatus.WARN, "probe scores differ between two sandbox runs");
        assertEquals(Boolean.FALSE, r.trust().deterministic());
        assertTrue(r.trust().flags().stream().anyMatch(f -> f.startsWith("not deterministic")), r.trust().flags().toString());
        assertTrue(r.trust().findings().stream().anyMatch(f -> f.category().equals("determinism")
                && f.probe().equals("non-deterministic") && f.hint() != null), r.trust().findings().toString());
    }

    @Test
    void missingDependencySkipsRuntimeChecksNamingIt() {
        Path wheel = Fixtures.env("needs-verifiers", """
                import verifiers as vf

                def load_environment():
                    return vf.SingleTurnEnv(dataset=[], rubric=vf.Rubric(funcs=[]))
                """).requires("verifiers>=0.1.2").write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "verifiers-dependency");
        String expected = "missing dependency: verifiers>=0.1.2 (no wheel from the configured index";
        EngineFixture.assertCheck(r, "install", CheckStatus.SKIP, expected);
        for (String id : List.of("runtime.import", "runtime.load_environment", "runtime.dataset", "runtime.rubric",
                "runtime.rewards", "trust.reward_hacking", "trust.determinism", "trust.fingerprint")) {
            EngineFixture.assertCheck(r, id, CheckStatus.SKIP, expected);
        }
        EngineFixture.assertCheck(r, "static.load_environment", CheckStatus.PASS, "line 3");
        assertEquals(ValidationReport.VALIDATED, r.status());
        assertFalse(r.runtimeVerified());
        assertTrue(r.summary().startsWith("static checks passed; runtime checks skipped: missing dependency: verifiers"),
                r.summary());
        assertTrue(r.skipReason().startsWith("missing dependency: verifiers>=0.1.2"), r.skipReason());
    }

    @Test
    void dependencyFromTheWheelhouseIsInstalledOffline() throws Exception {
        Path wheelhouse = java.nio.file.Files.createDirectories(fx.root.resolve("wheelhouse"));
        Fixtures.env("tiny-scorer", """
                def score(text, answer):
                    return 1.0 if text.strip() == answer else 0.0
                """).write(wheelhouse);
        Path wheel = Fixtures.simple("uses-dep", """
                import tiny_scorer
                def reward(completion, answer):
                    return tiny_scorer.score(completion, answer)
                return {"dataset": [{"question": "two words please", "answer": "ok"}], "rubric": Rubric([reward])}
                """).requires("tiny-scorer>=0.1").write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(fx.settings().withWheelhouse(wheelhouse)), wheel, "wheelhouse");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        EngineFixture.assertCheck(r, "install", CheckStatus.PASS, "tiny-scorer-0.1.0");
        assertTrue(r.runtimeVerified());
    }

    @Test
    void packageFormWithLoadEnvironmentImportedFromASubmodule() {
        Path wheel = Fixtures.bare("pkg-env")
                .file("pkg_env/__init__.py", "from .env import load_environment\n")
                .file("pkg_env/env.py", Fixtures.GOOD).write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "package-form");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        EngineFixture.assertCheck(r, "static.load_environment", CheckStatus.PASS, "pkg_env/__init__.py line 1 (imported from .env");
    }

    @Test
    void verifiersShapedEnvironmentWithParserAndRewardFuncGetters() {
        Path wheel = Fixtures.env("vf-shaped", """
                class XMLParser:
                    def parse_answer(self, completion):
                        text = completion[-1]["content"] if isinstance(completion, list) else completion
                        start = text.find("<answer>")
                        end = text.find("</answer>")
                        return text[start + 8:end].strip() if start >= 0 and end > start else None


                def correct_answer(parser, completion, answer, **kwargs):
                    return 1.0 if parser.parse_answer(completion) == answer else 0.0


                class Rubric:
                    def __init__(self):
                        self.parser = XMLParser()

                    def get_reward_funcs(self):
                        return [correct_answer]

                    def get_reward_weights(self):
                        return [1.0]


                class Dataset:
                    def __init__(self, rows):
                        self.rows = rows

                    def to_list(self):
                        return list(self.rows)


                class SingleTurnEnv:
                    def __init__(self):
                        self.dataset = None
                        self.eval_dataset = Dataset([{"question": "Name color %d" % i, "answer": "red",
                                                      "task": "colors"} for i in range(5)])
                        self.rubric = Rubric()


                def load_environment(**kwargs):
                    return SingleTurnEnv()
                """).write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "verifiers-shaped");
        assertEquals(ValidationReport.VALIDATED, r.status(), ReportJson.write(r));
        assertEquals("eval_dataset", r.dataset().source());
        assertEquals(List.of(new RubricSummary.RewardFunction("correct_answer", 1.0, false, "string")), r.rubric().functions());
        assertTrue(r.trust().flags().isEmpty(), r.trust().flags().toString());
    }
}
