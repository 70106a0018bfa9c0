package io.envhub.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The catalogue holds no dead entries and misses no code: read from the main sources of every other module.
 * <ul>
 * <li>every entry is named ({@code ProblemCode.NAME}) by some module's main code, or, for package-format's codes, is
 * the dashed form of a code package-format declares;</li>
 * <li>every code package-format declares (its {@code FormatException} codes, which hub-backend answers dashed) has an
 * entry;</li>
 * <li>no main code outside this module spells a catalogued code as a string literal, nor the problem type prefix.</li>
 * </ul>
 */
class ProblemCodeUsageTest {
    private static final Pattern NAMED = Pattern.compile("ProblemCode\\.([A-Z0-9_]+)\\b");
    private static final Pattern FORMAT_CODE = Pattern.compile("static final String [A-Z_]+ = \"([a-z]+\\.[a-z_]+)\"");
    private static final Pattern LITERAL = Pattern.compile("\"([a-z0-9]+(?:-[a-z0-9]+)+)\"");

    @Test
    void everyEntryIsUsedAndEveryFormatCodeIsCatalogued() {
        Set<String> named = new TreeSet<>();
        for (Path source : mainSources(m -> !m.equals("contract"))) {
            Matcher m = NAMED.matcher(read(source));
            while (m.find()) {
                named.add(m.group(1));
            }
        }
        Set<String> formatCodes = new TreeSet<>();
        for (Path source : mainSources(m -> m.equals("package-format"))) {
            Matcher m = FORMAT_CODE.matcher(read(source));
            while (m.find()) {
                formatCodes.add(ProblemCode.formatCode(m.group(1)));
            }
        }
        assertTrue(formatCodes.size() > 30, "package-format's codes were found: " + formatCodes);
        List<String> unused = new ArrayList<>();
        for (ProblemCode code : ProblemCode.values()) {
            if (!named.contains(code.name()) && !formatCodes.contains(code.code())) {
                unused.add(code.name());
            }
        }
        assertEquals(List.of(), unused, "catalogue entries no main code uses");
        List<String> missing = formatCodes.stream().filter(c -> ProblemCode.find(c).isEmpty()).toList();
        assertEquals(List.of(), missing, "package-format codes missing from the catalogue");
        List<String> unknown = named.stream().filter(n -> Stream.of(ProblemCode.values()).noneMatch(c -> c.name().equals(n)))
                .filter(n -> !n.equals("TYPE_PREFIX") && !n.equals("HTTP_PREFIX")).toList();
        assertEquals(List.of(), unknown);
    }

    @Test
    void noMainCodeSpellsACataloguedCodeOrTheTypePrefix() {
        List<String> spelled = new ArrayList<>();
        for (Path source : mainSources(m -> !m.equals("contract"))) {
            List<String> lines = lines(source);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.startsWith("*") || line.startsWith("//") || line.startsWith("/*")) {
                    continue;
                }
                if (line.contains("envhub.dev/problems/")) {
                    spelled.add(source.getFileName() + ":" + (i + 1) + " type prefix");
                }
                Matcher m = LITERAL.matcher(line);
                while (m.find()) {
                    if (ProblemCode.find(m.group(1)).isPresent()) {
                        spelled.add(source.getFileName() + ":" + (i + 1) + " " + m.group(1));
                    }
                }
            }
        }
        assertEquals(List.of(), spelled, "use ProblemCode instead of these literals");
    }

    /** The main Java sources of the repository's modules (this test runs in contract/, the modules are its siblings). */
    private static List<Path> mainSources(java.util.function.Predicate<String> module) {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertTrue(Files.isRegularFile(root.resolve("contract/pom.xml")), "run from the contract module: " + root);
        try (Stream<Path> modules = Files.list(root)) {
            List<Path> out = new ArrayList<>();
            for (Path dir : modules.filter(d -> module.test(d.getFileName().toString()))
                    .map(d -> d.resolve("src/main/java")).filter(Files::isDirectory).collect(Collectors.toList())) {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.filter(f -> f.toString().endsWith(".java")).forEach(out::add);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path file) {
        return List.of(read(file).split("\n", -1));
    }
}
