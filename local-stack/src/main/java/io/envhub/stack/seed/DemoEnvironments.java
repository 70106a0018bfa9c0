package io.envhub.stack.seed;

import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.metadata.MetadataField;
import io.envhub.format.name.ProjectName;
import io.envhub.format.wheel.WheelWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo environments a fresh local stack is seeded with: dependency-free, verifiers-style environments (a module
 * with {@code load_environment()} returning dataset rows and a rubric of reward functions that really score). The
 * Python source and README of each live under {@code io/envhub/stack/seed/} as resources; the wheels are built here
 * with package-format's {@link WheelWriter}.
 */
public final class DemoEnvironments {
    /** The user who owns the personal demo environments and the demo organisation. */
    public static final String USER = "alice";
    /** The demo organisation, created through the API with {@link #USER} as its owner. */
    public static final String ORG = "envhub-demo";

    private static final String RESOURCES = "/io/envhub/stack/seed/";

    private DemoEnvironments() {
    }

    /**
     * One demo environment.
     *
     * @param owner user or organisation that publishes it
     * @param name project name (module = name with '-' replaced by '_')
     * @param summary one-line summary
     * @param tags tags (wheel keywords)
     * @param license SPDX licence
     * @param visibility public or private
     * @param versions every version pushed, oldest first, with its changelog line
     */
    public record DemoEnvironment(String owner, String name, String summary, List<String> tags, String license,
                                  String visibility, Map<String, String> versions) {
        /** The versions in push order. */
        public List<String> versionList() {
            return List.copyOf(versions.keySet());
        }

        /** The newest version. */
        public String latest() {
            List<String> all = versionList();
            return all.get(all.size() - 1);
        }

        /** Whether anonymous visitors see it. */
        public boolean isPublic() {
            return "public".equals(visibility);
        }

        /** {@code owner/name}. */
        public String fullName() {
            return owner + "/" + name;
        }
    }

    /** A built wheel: its canonical file name and bytes. */
    public record DemoWheel(String filename, byte[] bytes) {
    }

    /** Every demo environment, in push order. */
    public static List<DemoEnvironment> all() {
        return List.of(
                env(USER, "reverse-text", "Reverse a short text; scored by exact match and LCS similarity",
                        List.of("text", "single-turn"), "Apache-2.0", "public", ordered(
                                "0.1.0", "First release: 20 generated rows, exact-match reward.",
                                "0.1.1", "Strip whitespace before comparing.",
                                "0.2.0", "Add the LCS-similarity reward (weight 0.3) for partial credit.")),
                env(USER, "arith-chain", "Three-step integer word problems; the last number in the reply is graded",
                        List.of("math", "single-turn", "reasoning"), "MIT", "public", ordered(
                                "0.1.0", "First release.",
                                "0.2.0", "Accept thousands separators; add the short-answer bonus.")),
                env(USER, "word-ladder", "Word ladders over several turns with per-step feedback",
                        List.of("text", "games", "multi-turn"), "Apache-2.0", "public", ordered(
                                "1.0.0", "Stable release with 16 solvable puzzles.")),
                env(ORG, "unit-convert-tools", "Unit conversions with a calculator tool; 0.5 % tolerance",
                        List.of("tool-use", "math", "multi-turn"), "Apache-2.0", "public", ordered(
                                "0.3.0", "Temperatures added; the reply must name the unit.")),
                env(ORG, "regex-golf", "Write a regular expression that separates positives from negatives",
                        List.of("code", "single-turn", "puzzles"), "MIT", "public", ordered(
                                "0.1.0", "Twelve hand-written tasks.",
                                "0.1.1", "Code fences around the pattern are ignored.")),
                env(ORG, "json-extract", "Extract purchase details from a sentence into a JSON object",
                        List.of("text", "structured-output", "single-turn"), "Apache-2.0", "public", ordered(
                                "0.2.0", "Field-level partial credit.")),
                env(USER, "sudoku-mini", "4x4 Sudoku puzzles (work in progress)",
                        List.of("games", "puzzles", "single-turn"), "MIT", "private", ordered(
                                "0.0.1", "Private preview.")));
    }

    /** The module name of an environment, e.g. {@code reverse_text}. */
    public static String module(DemoEnvironment env) {
        return ProjectName.of(env.name()).moduleName();
    }

    /** Builds the wheel of one version. */
    public static DemoWheel wheel(DemoEnvironment env, String version) {
        if (!env.versions().containsKey(version)) {
            throw new IllegalArgumentException(env.fullName() + " has no demo version " + version);
        }
        String module = module(env);
        String source = resource(module + ".py") + "\n__version__ = \"" + version + "\"\n";
        String readme = resource(module + ".md") + changelog(env, version);
        CoreMetadata metadata = new CoreMetadata(CoreMetadata.DEFAULT_METADATA_VERSION, env.name(), version, env.summary(),
                env.tags(), env.license(), ">=3.9", List.of(), "EnvHub demo (" + env.owner() + ")", null, "text/markdown",
                readme, List.of(new MetadataField("Classifier", "Programming Language :: Python :: 3")));
        WheelWriter writer = new WheelWriter(metadata).addFile(module + ".py", source.getBytes(StandardCharsets.UTF_8));
        return new DemoWheel(writer.fileName().toString(), writer.toBytes());
    }

    private static String changelog(DemoEnvironment env, String upTo) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, String> e : env.versions().entrySet()) {
            lines.add(0, "- **" + e.getKey() + "**: " + e.getValue());
            if (e.getKey().equals(upTo)) {
                break;
            }
        }
        return "\n## Changelog\n\n" + String.join("\n", lines) + "\n";
    }

    private static DemoEnvironment env(String owner, String name, String summary, List<String> tags, String license,
                                       String visibility, Map<String, String> versions) {
        return new DemoEnvironment(owner, name, summary, tags, license, visibility, versions);
    }

    private static Map<String, String> ordered(String... versionAndNote) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < versionAndNote.length; i += 2) {
            m.put(versionAndNote[i], versionAndNote[i + 1]);
        }
        return Collections.unmodifiableMap(m);
    }

    private static String resource(String file) {
        try (InputStream in = DemoEnvironments.class.getResourceAsStream(RESOURCES + file)) {
            if (in == null) {
                throw new IllegalStateException("missing demo resource " + RESOURCES + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
