package io.envhub.validator.check;

import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.format.FormatException;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.name.ProjectName;
import io.envhub.format.wheel.Wheel;
import io.envhub.format.wheel.WheelReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The checks done in Java on the wheel file alone: size, archive safety and RECORD (through package-format's
 * {@link WheelReader}), metadata consistency, the environment module, README and license.
 */
final class StaticChecks {

    static final String SIZE = "static.size";
    static final String ARCHIVE = "static.archive";
    static final String METADATA = "static.metadata";
    static final String MODULE = "static.module";
    static final String README = "static.readme";
    static final String LICENSE = "static.license";

    private static final Map<String, String> CAUSES = Map.ofEntries(
            Map.entry("archive.path_traversal", "unsafe entry path (zip slip)"),
            Map.entry("archive.bad_name", "unusable entry name"),
            Map.entry("archive.symlink", "symbolic link entry"),
            Map.entry("archive.special_file", "special file entry"),
            Map.entry("archive.duplicate", "duplicate entry"),
            Map.entry("archive.too_many_entries", "too many entries"),
            Map.entry("archive.too_large", "zip bomb (unpacks beyond the size limits)"),
            Map.entry("archive.ratio", "zip bomb (compression ratio above the limit)"),
            Map.entry("archive.overlap", "overlapping entries (zip bomb)"),
            Map.entry("archive.encrypted", "encrypted entry"),
            Map.entry("record.hash_mismatch", "RECORD mismatch"),
            Map.entry("record.size_mismatch", "RECORD mismatch"),
            Map.entry("record.unlisted_member", "RECORD mismatch"),
            Map.entry("record.missing_member", "RECORD mismatch"),
            Map.entry("record.missing_hash", "RECORD mismatch"),
            Map.entry("record.weak_hash", "weak RECORD hash"));

    /**
     * What the static checks found.
     *
     * @param checks results, in report order
     * @param wheel the parsed wheel, or null when it was refused
     * @param module the environment module, or null when absent
     */
    record Outcome(List<CheckResult> checks, Wheel wheel, ModuleLayout module) {
        boolean failed() {
            return checks.stream().anyMatch(c -> c.is(CheckStatus.FAIL));
        }
    }

    private final EngineSettings settings;

    StaticChecks(EngineSettings settings) {
        this.settings = settings;
    }

    Outcome run(Path file) {
        List<CheckResult> checks = new ArrayList<>();
        long t0 = System.nanoTime();
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        long sizeMs = ms(t0);
        if (size > settings.maxWheelBytes()) {
            checks.add(CheckResult.fail(SIZE, "the wheel has " + size + " bytes, more than the limit of "
                    + settings.maxWheelBytes(), sizeMs));
            skipRest(checks, "the wheel is too large to inspect", ARCHIVE, METADATA, MODULE, README, LICENSE);
            return new Outcome(checks, null, null);
        }
        long t1 = System.nanoTime();
        Wheel wheel;
        try {
            wheel = WheelReader.read(file, settings.archive());
        } catch (FormatException e) {
            checks.add(CheckResult.pass(SIZE, size + " bytes (limit " + settings.maxWheelBytes() + ")", sizeMs));
            checks.add(CheckResult.fail(ARCHIVE, cause(e) + ": " + e.getMessage() + " [" + e.code() + "]", ms(t1)));
            skipRest(checks, "the archive was refused", METADATA, MODULE, README, LICENSE);
            return new Outcome(checks, null, null);
        } catch (UncheckedIOException e) {
            checks.add(CheckResult.fail(ARCHIVE, "cannot read the wheel: " + e.getCause().getMessage(), ms(t1)));
            skipRest(checks, "the archive could not be read", METADATA, MODULE, README, LICENSE);
            return new Outcome(checks, null, null);
        }
        long unpacked = wheel.record().stream().mapToLong(r -> r.size() == null ? 0 : r.size()).sum();
        checks.add(CheckResult.pass(SIZE, size + " bytes, " + unpacked + " bytes unpacked in " + wheel.files().size()
                + " files (limits " + settings.maxWheelBytes() + " and " + settings.archive().maxTotalUncompressed() + ")",
                sizeMs));
        checks.add(CheckResult.pass(ARCHIVE, "safe archive; RECORD lists every member with a matching sha256 ("
                + wheel.record().size() + " lines)", ms(t1)));
        checks.add(metadata(wheel, file.getFileName().toString()));
        ModuleLayout module = ModuleLayout.find(wheel);
        checks.add(module == null ? moduleMissing(wheel) : CheckResult.pass(MODULE, "module " + module.name() + " ("
                + module.path() + ")", 0));
        checks.add(readme(wheel.metadata()));
        checks.add(license(wheel.metadata()));
        return new Outcome(checks, wheel, module);
    }

    private static CheckResult metadata(Wheel wheel, String givenName) {
        long t = System.nanoTime();
        CoreMetadata m = wheel.metadata();
        if (givenName.endsWith(".whl")) {
            try {
                wheel.checkFileName(givenName);
            } catch (FormatException e) {
                return CheckResult.fail(METADATA, e.getMessage() + " [" + e.code() + "]", ms(t));
            }
        }
        if (!wheel.info().rootIsPurelib() || !wheel.info().tags().stream().allMatch(tag -> tag.endsWith("-none-any"))) {
            return CheckResult.fail(METADATA, "environments must be pure-Python wheels (py3-none-any); WHEEL declares tags "
                    + wheel.info().tags(), ms(t));
        }
        String summary = m.summary() == null || m.summary().isBlank() ? "no Summary" : "summary '" + m.summary() + "'";
        return CheckResult.pass(METADATA, m.name() + " " + m.version() + " (metadata " + m.metadataVersion() + ", "
                + m.requiresDist().size() + " dependencies, " + summary + "); dist-info and file name agree", ms(t));
    }

    private static CheckResult moduleMissing(Wheel wheel) {
        String module = ProjectName.of(wheel.metadata().name()).moduleName();
        TreeSet<String> top = new TreeSet<>();
        for (String f : wheel.files()) {
            String first = f.contains("/") ? f.substring(0, f.indexOf('/')) + "/" : f;
            if (!first.endsWith(".dist-info/") && !first.endsWith(".data/")) {
                top.add(first);
            }
        }
        return CheckResult.fail(MODULE, "the wheel has neither " + module + ".py nor " + module
                + "/__init__.py (top level: " + (top.isEmpty() ? "nothing" : String.join(", ", top)) + ")", 0);
    }

    private static CheckResult readme(CoreMetadata m) {
        if (m.description() == null || m.description().isBlank()) {
            return CheckResult.warn(README, "no README: METADATA has no description; the environment page shows an overview"
                    + " generated from the package instead", 0);
        }
        return CheckResult.pass(README, "README of " + m.description().length() + " characters ("
                + (m.descriptionContentType() == null ? "text/plain" : m.descriptionContentType()) + ")", 0);
    }

    private static CheckResult license(CoreMetadata m) {
        List<String> found = new ArrayList<>();
        if (m.license() != null && !m.license().isBlank()) {
            found.add("License: " + firstLine(m.license()));
        }
        m.other("License-Expression").forEach(v -> found.add("License-Expression: " + v));
        m.other("License-File").forEach(v -> found.add("License-File: " + v));
        m.other("Classifier").stream().filter(c -> c.startsWith("License ::")).forEach(found::add);
        if (found.isEmpty()) {
            return CheckResult.warn(LICENSE, "no license declared (no License, License-Expression, License-File or"
                    + " license classifier in METADATA)", 0);
        }
        return CheckResult.pass(LICENSE, String.join("; ", found), 0);
    }

    static String cause(FormatException e) {
        return CAUSES.getOrDefault(e.code(), "invalid wheel");
    }

    private static void skipRest(List<CheckResult> checks, String why, String... ids) {
        for (String id : ids) {
            checks.add(CheckResult.skip(id, "not run: " + why));
        }
    }

    private static String firstLine(String s) {
        String line = s.strip().lines().findFirst().orElse("");
        return line.length() > 80 ? line.substring(0, 80) + "..." : line;
    }

    private static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
