package io.envhub.validator.check;

import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.LayoutReport;
import io.envhub.format.layout.LayoutReader;
import io.envhub.format.layout.PackageLayout;
import io.envhub.format.layout.PackageLayout.Kind;
import io.envhub.format.layout.PackageLayout.Refused;
import io.envhub.format.layout.PackageLayout.TasksetFacts;
import io.envhub.format.wheel.Wheel;
import java.nio.file.Path;

/**
 * {@code static.layout}: the layout decision {@code envhub push} makes before uploading, made again on the server by
 * the same reader (package-format's {@link LayoutReader}, on the wheel's Python sources; nothing runs): a verifiers
 * v1 taskset package, a v0 {@code load_environment} module, or a refusal in verifiers' words. v0 reports keep their
 * shape: for a v0 module (and for a module that is neither, where Python's {@code ast} in the sandbox has the last
 * word) this step adds no check and the {@code static.load_environment} check decides as before.
 */
final class LayoutStep {

    static final String ID = "static.layout";
    /**
     * What the step decided.
     *
     * @param layout the reader's answer
     * @param check the {@code static.layout} check, or null when the v0 path decides (v0, or neither)
     */
    record Outcome(PackageLayout layout, CheckResult check) {
        boolean v1() {
            return layout.kind() == Kind.V1;
        }

        /** Neither layout (the ast check in the sandbox has the last word). */
        boolean neither() {
            return layout.refused() == Refused.NEITHER;
        }
    }

    private LayoutStep() {
    }

    static Outcome run(Path wheelFile, Wheel wheel, ModuleLayout module, EngineSettings settings) {
        long t0 = System.nanoTime();
        PackageLayout layout = LayoutReader.read(wheelFile, settings.archive(), module.name(), wheel.metadata().requiresDist());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (layout.kind() == Kind.V1) {
            return new Outcome(layout, CheckResult.pass(ID, layout.describe() + " (read from the sources; nothing ran)", ms));
        }
        if (layout.kind() == Kind.V0 || layout.refused() == Refused.NEITHER || layout.refused() == Refused.NO_MODULE) {
            return new Outcome(layout, null);
        }
        return new Outcome(layout, CheckResult.fail(ID, layout.refusal(), ms));
    }

    /** The refusal of a module that is neither layout, in the words {@code envhub push} uses. */
    static CheckResult neither(PackageLayout layout) {
        return CheckResult.fail(ID, layout.refusal(), 0);
    }

    /** The report form of a v1 package's facts. */
    static LayoutReport report(PackageLayout layout) {
        TasksetFacts f = layout.taskset();
        return new LayoutReport(LayoutReport.V1, layout.module(), layout.where(), f.tasksetClass(), f.tasksetDoc(), f.taskClass(),
                f.taskDoc(), f.dataClass(), f.dataFields().stream().map(LayoutStep::field).toList(), f.configClass(),
                f.configFields().stream().map(LayoutStep::field).toList(),
                f.rewards().stream().map(r -> new LayoutReport.Reward(r.name(), r.weight(), r.source())).toList(), f.stops(),
                f.metrics(), f.tools(), f.env(), f.harness(),
                f.datasets().stream().map(d -> new LayoutReport.Dataset(d.kind(), d.id(), d.config(), d.split(), d.file(),
                        d.written(), d.where(), d.host())).toList(),
                f.dependencies().stream().map(d -> new LayoutReport.Dependency(d.name(), d.extras(), d.specifier(), d.marker()))
                        .toList(), f.taskType(), f.infinite(), f.hasValidate());
    }

    private static LayoutReport.Field field(PackageLayout.ConfigField c) {
        return new LayoutReport.Field(c.name(), c.type(), c.defaultValue(), c.doc());
    }
}
