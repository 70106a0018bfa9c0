package io.envhub.cli.build;

import io.envhub.format.FormatException;
import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.format.archive.ZipEntryInfo;
import io.envhub.format.wheel.Wheel;
import io.envhub.format.wheel.WheelReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The checks {@code envhub push} runs before uploading (and {@code --dry-run} runs alone): the wheel reads back
 * as a valid wheel, the module named after the project is in it, it defines {@code load_environment} (a text
 * check; the hub's validator really imports it), and there is a README for the environment's page.
 */
public final class LocalChecks {
    private static final Pattern DEFINES = Pattern.compile("(?m)^\\s*(?:async\\s+)?def\\s+load_environment\\s*\\(");
    private static final Pattern MENTIONS = Pattern.compile("\\bload_environment\\b");

    private LocalChecks() {
    }

    /**
     * One check's outcome.
     *
     * @param name short name such as {@code module}
     * @param passed whether it passed
     * @param detail what was found, or what to do
     */
    public record Check(String name, boolean passed, String detail) {
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
            checks.add(loadEnvironment(built, entry, module));
        }
        checks.add(built.hasReadme()
                ? new Check("readme", true, "README in the metadata")
                : new Check("readme", false, "no README: add README.md (it becomes the environment's page)"));
        return checks;
    }

    /**
     * Tells whether every check passed.
     *
     * @param checks outcomes
     * @return true when none failed
     */
    public static boolean allPassed(List<Check> checks) {
        return checks.stream().allMatch(Check::passed);
    }

    private static Check loadEnvironment(BuildResult built, String entry, String module) {
        try (SafeZipReader zip = SafeZipReader.open(built.wheel(), ArchiveLimits.DEFAULTS)) {
            String entryText = text(zip, entry);
            if (DEFINES.matcher(entryText).find()) {
                return new Check("load_environment", true, "defined in " + entry);
            }
            if (entry.endsWith("/__init__.py") && MENTIONS.matcher(entryText).find()) {
                for (ZipEntryInfo e : zip.entries()) {
                    if (e.name().startsWith(module + "/") && e.name().endsWith(".py") && DEFINES.matcher(text(zip, e.name())).find()) {
                        return new Check("load_environment", true, "defined in " + e.name() + ", exported by " + entry);
                    }
                }
            }
            return new Check("load_environment", false, entry + " does not define load_environment(**kwargs)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(SafeZipReader zip, String name) {
        return zip.find(name).map(e -> new String(zip.readAllBytes(e), StandardCharsets.UTF_8)).orElse("");
    }
}
