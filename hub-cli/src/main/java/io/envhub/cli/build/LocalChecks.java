package io.envhub.cli.build;

import io.envhub.format.FormatException;
import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.layout.LayoutReader;
import io.envhub.format.layout.PackageLayout;
import io.envhub.format.wheel.Wheel;
import io.envhub.format.wheel.WheelReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The checks {@code envhub push} runs before uploading (and {@code --dry-run} runs alone): the wheel reads back
 * as a valid wheel, the module named after the project is in it, and its layout is one the hub accepts, decided
 * from the sources without running them by package-format's {@link LayoutReader} (the validator decides the same way
 * in the same words): a verifiers v1 taskset package (exactly one {@code Taskset} subclass exported via
 * {@code __all__}) or a v0 module defining {@code load_environment}. A missing README is a warning: the hub then
 * shows an overview generated from the package.
 */
public final class LocalChecks {

    private LocalChecks() {
    }

    /**
     * One check's outcome.
     *
     * @param name short name such as {@code module}
     * @param passed whether it passed (a warning passes)
     * @param detail what was found, or what to do
     * @param warning whether it passed with a warning
     */
    public record Check(String name, boolean passed, String detail, boolean warning) {
        /**
         * A check without a warning.
         *
         * @param name name
         * @param passed passed
         * @param detail detail
         */
        public Check(String name, boolean passed, String detail) {
            this(name, passed, detail, false);
        }
    }

    /**
     * Runs every check.
     *
     * @param built the wheel just built
     * @return outcomes, in a fixed order
     */
    public static List<Check> run(BuildResult built) {
        List<Check> checks = new ArrayList<>();
        Wheel wheel;
        try {
            wheel = WheelReader.read(built.wheel());
            checks.add(new Check("wheel", true, wheel.files().size() + " members, RECORD hashes verified"));
        } catch (FormatException | UncheckedIOException e) {
            checks.add(new Check("wheel", false, "the built wheel does not read back: " + e.getMessage()));
            return checks;
        }
        String module = built.module();
        String entry = wheel.files().contains(module + "/__init__.py") ? module + "/__init__.py"
                : wheel.files().contains(module + ".py") ? module + ".py" : null;
        if (entry == null) {
            checks.add(new Check("module", false, "no " + module + ".py or " + module + "/__init__.py in the wheel; the hub imports '"
                    + module + "' (the project name with '-' as '_')"));
        } else {
            checks.add(new Check("module", true, "import " + module + " (" + entry + ")"));
            PackageLayout layout = LayoutReader.read(built.wheel(), ArchiveLimits.DEFAULTS, module, wheel.metadata().requiresDist());
            checks.add(new Check("layout", layout.accepted(), layout.describe()));
        }
        checks.add(built.hasReadme()
                ? new Check("readme", true, "README in the metadata")
                : new Check("readme", true, "no README: the hub shows an overview generated from the package instead"
                        + " (add README.md to write your own page)", true));
        return checks;
    }

    /**
     * Tells whether every check passed.
     *
     * @param checks outcomes
     * @return true when none failed (warnings pass)
     */
    public static boolean allPassed(List<Check> checks) {
        return checks.stream().allMatch(Check::passed);
    }
}
