package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.report.CheckResult;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.validator.sandbox.Mount;
import io.envhub.validator.sandbox.Sandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code static.load_environment}: the environment module is parsed with Python's {@code ast} inside the sandbox
 * (no code of the package runs) to see that it defines, assigns or imports {@code load_environment}, and that the
 * function can be called without arguments.
 */
final class AstCheck {

    static final String ID = "static.load_environment";
    /** The start of the message of a v1 taskset package, which has no load_environment. */
    static final String V1 = "no load_environment: a verifiers v1 taskset package";

    private final Sandbox sandbox;
    private final EngineSettings settings;

    AstCheck(Sandbox sandbox, EngineSettings settings) {
        this.sandbox = sandbox;
        this.settings = settings;
    }

    CheckResult run(JobDir job, Path wheelFile, ModuleLayout module) {
        long t0 = System.nanoTime();
        byte[] source;
        try (SafeZipReader zip = SafeZipReader.open(wheelFile, settings.archive())) {
            source = zip.readAllBytes(zip.find(module.path()).orElseThrow());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String fileName = module.path().replace('/', '_');
        job.putSource(fileName, source);
        Harness.Run run = Harness.run(sandbox, settings.limits(), job, EngineSettings.PYTHON,
                List.of(Mount.readOnly(job.srcDir(), "/src")), new byte[0], "ast", "/src/" + fileName);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        JsonNode r = run.result();
        if (r == null) {
            return CheckResult.fail(ID, "parsing " + module.path() + " did not finish: "
                    + run.sandbox().describe(settings.limits()), ms);
        }
        if (!r.path("ok").asBoolean()) {
            JsonNode e = r.path("error");
            return CheckResult.fail(ID, "syntax error in " + module.path() + " line " + e.path("line").asText("?") + ": "
                    + e.path("message").asText(), ms);
        }
        // a v1 package (the module assigns __all__; LayoutStep has already checked what it exports) is not refused
        // here: the sandbox runtime loads its one exported Taskset
        if (!r.path("defined").asBoolean() && r.path("exportsAll").asBoolean()) {
            return CheckResult.pass(ID, V1 + " (" + module.path() + " assigns __all__; the runtime loads its exported Taskset)", ms);
        }
        if (!r.path("defined").asBoolean()) {
            return CheckResult.fail(ID, module.path() + " does not define load_environment (parsed with Python's ast)", ms);
        }
        JsonNode d = r.path("definition");
        if (d.path("required").asInt() > 0) {
            return CheckResult.fail(ID, "load_environment in " + module.path() + " line " + d.path("line").asInt()
                    + " has " + d.path("required").asInt() + " required parameters; it must be callable with none", ms);
        }
        String how = switch (d.path("kind").asText()) {
            case "import" -> "imported from " + d.path("from").asText();
            case "assignment" -> "assigned";
            default -> d.path("kind").asText();
        };
        return CheckResult.pass(ID, "load_environment found in " + module.path() + " line " + d.path("line").asInt()
                + " (" + how + "; parsed with Python's ast in the sandbox)", ms);
    }
}
