package io.envhub.validator.check;

import io.envhub.contract.report.CheckResult;
import io.envhub.format.wheel.Wheel;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code static.top_level_files}: a wheel should install only its module(s) and its {@code .dist-info} into
 * site-packages. Plain files at the top level (a {@code pyproject.toml}, a README, a {@code .pth} that runs at every
 * interpreter start) land directly in site-packages, where two environments overwrite each other's: a {@code warn}
 * and a trust flag starting with {@value #FLAG_PREFIX}. Top-level {@code .py} modules and package directories pass.
 */
final class TopLevelFiles {
    static final String ID = "static.top_level_files";
    /** How the trust flag starts (hub-backend maps it to the flag code {@code top-level-files}). */
    static final String FLAG_PREFIX = "top-level files:";

    private TopLevelFiles() {
    }

    /** The check, and the flag text when it warns (else null). */
    record Outcome(CheckResult check, String flag) {
    }

    static Outcome check(Wheel wheel) {
        long t0 = System.nanoTime();
        List<String> outside = new ArrayList<>();
        for (String f : wheel.files()) {
            String path = f;
            for (String scheme : List.of(".data/purelib/", ".data/platlib/")) {
                int at = f.indexOf(scheme);
                if (at > 0 && f.indexOf('/') == at + ".data".length()) {
                    path = f.substring(at + scheme.length());
                }
            }
            if (!path.contains("/") && !path.endsWith(".py")) {
                outside.add(path);
            }
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        if (outside.isEmpty()) {
            return new Outcome(CheckResult.pass(ID, "only the module(s) and .dist-info install into site-packages", ms), null);
        }
        String files = String.join(", ", outside);
        String message = "the wheel installs " + files + " at the top level of site-packages, outside its module"
                + " (another package's file of the same name is overwritten); move it into the module or leave it out";
        return new Outcome(CheckResult.warn(ID, message, ms), FLAG_PREFIX + " installs " + files
                + " into site-packages outside its module");
    }
}
