package io.envhub.validator.check;

import static io.envhub.validator.check.EngineFixture.assertCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.LayoutReport;
import io.envhub.contract.report.ValidationReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server makes the layout decision {@code envhub push} makes (same reader, same words): a verifiers v1 taskset
 * package passes the static checks with its facts in the report's {@code layout} object and ends "static checks only"
 * (the v1 runtime does not run here yet); the refusals fail {@code static.layout}; v0 reports keep their shape.
 */
class V1LayoutTest extends SandboxedEngineTest {

    private static final String TASKSET = """
            \"\"\"spell-back: the model spells a word backwards, one letter per line.\"\"\"
            from datasets import load_dataset

            import verifiers.v1 as vf


            class SpellData(vf.TaskData):
                word: str
                \"\"\"The word to spell.\"\"\"


            class SpellTask(vf.Task[SpellData]):
                @vf.reward(weight=0.8)
                async def letters(self, trace: vf.Trace) -> float:
                    return 1.0

                @vf.reward(weight=0.2)
                async def format_ok(self, trace: vf.Trace) -> float:
                    return 1.0

                @vf.stop
                async def answered(self, trace: vf.Trace) -> bool:
                    return trace.num_turns >= 1


            class SpellConfig(vf.TasksetConfig):
                dataset_name: str = "someone/spelling-words"
                dataset_split: str = "train"


            class SpellTaskset(vf.Taskset[SpellTask, SpellConfig]):
                def load(self) -> list[SpellTask]:
                    rows = load_dataset(self.config.dataset_name, split=self.config.dataset_split)
                    return [SpellTask(SpellData(idx=i, prompt=r["word"], word=r["word"])) for i, r in enumerate(rows)]
            """;

    private static Fixtures v1(String name, String init) {
        String module = name.replace('-', '_');
        return Fixtures.bare(name).file(module + "/__init__.py", init.replace("PKG", module))
                .file(module + "/taskset.py", TASKSET).requires("verifiers[openenv]>=0.1").requires("datasets");
    }

    @Test
    void aReadmeLessV1PackageEndsStaticChecksOnlyWithItsFacts() {
        ValidationReport r = EngineFixture.validate(fx.engine(), v1("spell-back",
                "from PKG.taskset import SpellTaskset\n\n__all__ = [\"SpellTaskset\"]\n").noReadme().write(fx.wheels), "v1-spell-back");
        assertEquals(ValidationReport.VALIDATED, r.status(), () -> ReportJson.write(r));
        assertFalse(r.runtimeVerified());
        // this engine has no index to resolve from: the runtime cannot install verifiers, and says so
        assertTrue(r.skipReason().startsWith("missing dependency: verifiers[openenv]>=0.1"), () -> ReportJson.write(r));
        assertEquals("static checks passed; runtime checks skipped: " + r.skipReason(), r.summary());
        assertCheck(r, "static.layout", CheckStatus.PASS, "verifiers v1 taskset SpellTaskset (spell_back/taskset.py)");
        assertCheck(r, "static.readme", CheckStatus.WARN, "no README");
        assertCheck(r, "trust.reward_hacking", CheckStatus.SKIP, r.skipReason());
        assertTrue(r.check("static.load_environment").isEmpty(), "a v1 package has no load_environment check");

        LayoutReport l = ReportJson.read(ReportJson.write(r)).layout();
        assertEquals("v1", l.kind());
        assertEquals("SpellTaskset", l.tasksetClass());
        assertEquals("spell-back: the model spells a word backwards, one letter per line.", l.tasksetDoc());
        assertEquals("SpellTask", l.taskClass());
        assertEquals("SpellData", l.dataClass());
        assertEquals("SpellConfig", l.configClass());
        assertEquals(List.of(new LayoutReport.Field("dataset_name", "str", "\"someone/spelling-words\"", null),
                new LayoutReport.Field("dataset_split", "str", "\"train\"", null)), l.configFields());
        assertEquals(List.of(new LayoutReport.Reward("letters", 0.8, "task"), new LayoutReport.Reward("format_ok", 0.2, "task")),
                l.rewards());
        assertEquals(List.of("answered"), l.stops());
        assertEquals("Hugging Face someone/spelling-words, split train", l.dataset().describe());
        assertEquals("huggingface.co", l.dataset().host());
        assertEquals("verifiers[openenv]>=0.1", l.dependencies().get(0).describe());
        assertEquals("single-turn", l.taskType());
    }

    @Test
    void refusalsFailTheLayoutCheckInVerifiersWords() {
        ValidationReport noAll = EngineFixture.validate(fx.engine(), v1("no-all", "from PKG.taskset import SpellTaskset\n")
                .write(fx.wheels), "v1-no-all");
        assertEquals(ValidationReport.FAILED, noAll.status());
        assertCheck(noAll, "static.layout", CheckStatus.FAIL, "module 'no_all' defines no `__all__`; a verifiers v1 taskset"
                + " package exports its Taskset subclass (SpellTaskset) via `__all__`");
        assertCheck(noAll, "static.load_environment", CheckStatus.SKIP, "not run: static.layout failed");
        assertNull(noAll.layout());

        ValidationReport none = EngineFixture.validate(fx.engine(), v1("none-exported",
                "from PKG.taskset import SpellConfig\n__all__ = [\"SpellConfig\"]\n").write(fx.wheels), "v1-none-exported");
        assertCheck(none, "static.layout", CheckStatus.FAIL, "module 'none_exported' exports no Taskset subclass via `__all__`"
                + " (found [SpellConfig]); export exactly one");

        ValidationReport two = EngineFixture.validate(fx.engine(), v1("two-sets",
                "from PKG.taskset import SpellTaskset\n\nclass Again(SpellTaskset):\n    pass\n\n__all__ = [\"SpellTaskset\", \"Again\"]\n")
                .write(fx.wheels), "v1-two-sets");
        assertCheck(two, "static.layout", CheckStatus.FAIL, "module 'two_sets' exports 2 Taskset subclasses via `__all__`"
                + " (SpellTaskset, Again); export exactly one");

        ValidationReport neither = EngineFixture.validate(fx.engine(), Fixtures.env("plain-module", "def make():\n    return 1\n")
                .write(fx.wheels), "v1-neither");
        assertCheck(neither, "static.layout", CheckStatus.FAIL, "module 'plain_module' is neither a verifiers v1 taskset package");
        assertCheck(neither, "install", CheckStatus.SKIP, "not run: static.layout failed");
    }

    @Test
    void v0ReportsKeepTheirShape() {
        ValidationReport r = EngineFixture.validate(fx.engine(), Fixtures.env("plain-v0", Fixtures.GOOD).write(fx.wheels), "v0-shape");
        assertTrue(r.runtimeVerified(), () -> ReportJson.write(r));
        assertTrue(r.check("static.layout").isEmpty());
        assertCheck(r, "static.load_environment", CheckStatus.PASS, "load_environment found");
        assertFalse(ReportJson.write(r).contains("\"layout\""));
    }
}
