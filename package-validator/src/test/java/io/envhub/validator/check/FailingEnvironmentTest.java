package io.envhub.validator.check;

import static io.envhub.validator.check.EngineFixture.assertCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.ValidationReport;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Broken environments fail the check where they break, with a message naming the cause; later checks skip. */
class FailingEnvironmentTest extends SandboxedEngineTest {

    private static ValidationReport validate(String label, Fixtures fixture) {
        ValidationReport r = EngineFixture.validate(fx.engine(), fixture.write(fx.wheels), label);
        assertEquals(ValidationReport.FAILED, r.status(), () -> ReportJson.write(r));
        return r;
    }

    @Test
    void syntaxError() {
        ValidationReport r = validate("syntax-error", Fixtures.env("bad-syntax", "def load_environment(:\n    return {}\n"));
        assertCheck(r, "static.load_environment", CheckStatus.FAIL, "syntax error in bad_syntax.py line 1: invalid syntax");
        assertCheck(r, "install", CheckStatus.SKIP, "not run: static.load_environment failed");
        assertCheck(r, "runtime.import", CheckStatus.SKIP, "not run: static.load_environment failed");
    }

    @Test
    void importError() {
        ValidationReport r = validate("import-error", Fixtures.env("import-error", """
                import envhub_no_such_module

                def load_environment():
                    return {}
                """));
        assertCheck(r, "runtime.import", CheckStatus.FAIL,
                "importing import_error raised ModuleNotFoundError: No module named 'envhub_no_such_module'");
        assertCheck(r, "runtime.load_environment", CheckStatus.SKIP, "not run: runtime.import failed");
        assertCheck(r, "trust.reward_hacking", CheckStatus.SKIP, "not run: runtime.import failed");
    }

    @Test
    void missingLoadEnvironment() {
        ValidationReport r = validate("missing-load-environment", Fixtures.env("no-loader", """
                def make_environment():
                    return {}
                """));
        assertCheck(r, "static.layout", CheckStatus.FAIL, "module 'no_loader' is neither a verifiers v1 taskset package (no"
                + " `__all__` exporting a Taskset subclass) nor a v0 environment (no load_environment in no_loader.py)");
    }

    @Test
    void loadEnvironmentRequiringArguments() {
        ValidationReport r = validate("load-environment-arguments", Fixtures.env("needs-args", """
                def load_environment(path, *, split):
                    return {}
                """));
        assertCheck(r, "static.load_environment", CheckStatus.FAIL, "has 2 required parameters");
    }

    @Test
    void loadEnvironmentRaising() {
        ValidationReport r = validate("load-environment-raises", Fixtures.simple("raising-env", """
                raise RuntimeError("dataset file missing")
                """));
        assertCheck(r, "runtime.import", CheckStatus.PASS, "imported raising_env");
        assertCheck(r, "runtime.load_environment", CheckStatus.FAIL, "load_environment() raised RuntimeError: dataset file missing");
        assertCheck(r, "runtime.dataset", CheckStatus.SKIP, "not run: runtime.load_environment failed");
    }

    @Test
    void emptyDataset() {
        ValidationReport r = validate("empty-dataset", Fixtures.simple("empty-env", """
                return {"dataset": [], "rubric": Rubric([lambda completion: 1.0])}
                """));
        assertCheck(r, "runtime.dataset", CheckStatus.FAIL, "the dataset ('dataset') is empty");
        assertEquals(0, r.dataset().size());
    }

    @Test
    void rowsWithoutPromptOrQuestion() {
        ValidationReport r = validate("rows-without-prompt", Fixtures.simple("no-prompt-env", """
                return {"dataset": [{"text": "hello", "answer": "x"}], "rubric": Rubric([lambda completion: 1.0])}
                """));
        assertCheck(r, "runtime.dataset", CheckStatus.FAIL, "1 of 1 dataset rows have neither 'prompt' nor 'question'");
    }

    @Test
    void rewardReturningNaN() {
        ValidationReport r = validate("reward-nan", Fixtures.simple("nan-env", rewardBody("return float('nan')")));
        assertCheck(r, "runtime.rewards", CheckStatus.FAIL, "reward function 'reward' returned nan, not a finite number");
        assertCheck(r, "trust.reward_hacking", CheckStatus.SKIP, "not run: runtime.rewards failed");
    }

    @Test
    void rewardReturningString() {
        ValidationReport r = validate("reward-string", Fixtures.simple("string-env", rewardBody("return '1.0'")));
        assertCheck(r, "runtime.rewards", CheckStatus.FAIL, "reward function 'reward' returned str '1.0', not a number");
    }

    @Test
    void rewardRaising() {
        ValidationReport r = validate("reward-raises", Fixtures.simple("raising-reward-env",
                rewardBody("raise ValueError('cannot parse the completion')")));
        assertCheck(r, "runtime.rewards", CheckStatus.FAIL,
                "reward function 'reward' raised ValueError: cannot parse the completion on row 0");
    }

    @Test
    void rubricWithoutFunctions() {
        ValidationReport r = validate("rubric-empty", Fixtures.simple("no-funcs-env", """
                return {"dataset": [{"question": "q", "answer": "a"}], "rubric": Rubric([])}
                """));
        assertCheck(r, "runtime.rubric", CheckStatus.FAIL, "the rubric has no reward functions");
    }

    @Test
    void readmeAndLicenseMissingAreWarningsOnly() {
        Path wheel = Fixtures.env("bare-env", Fixtures.GOOD).noReadme().noLicense().write(fx.wheels);
        ValidationReport r = EngineFixture.validate(fx.engine(), wheel, "no-readme-no-license");
        assertEquals(ValidationReport.VALIDATED, r.status());
        assertCheck(r, "static.readme", CheckStatus.WARN, "no README: METADATA has no description; the environment page shows an overview");
        assertCheck(r, "static.license", CheckStatus.WARN, "no license declared");
    }

    @Test
    void moduleMissing() {
        ValidationReport r = validate("module-missing", Fixtures.bare("module-missing")
                .file("other_name.py", "def load_environment():\n    return {}\n"));
        assertCheck(r, "static.module", CheckStatus.FAIL,
                "the wheel has neither module_missing.py nor module_missing/__init__.py (top level: other_name.py)");
        assertCheck(r, "static.load_environment", CheckStatus.SKIP, "not run: no environment module");
        assertCheck(r, "install", CheckStatus.SKIP, "not run: static.module failed");
    }

    private static String rewardBody(String rewardLine) {
        return """
                def reward(completion, answer):
                    %s
                return {"dataset": [{"question": "What is 2 + 2?", "answer": "4"}], "rubric": Rubric([reward])}
                """.formatted(rewardLine);
    }
}
