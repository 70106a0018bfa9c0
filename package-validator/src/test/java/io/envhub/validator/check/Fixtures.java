package io.envhub.validator.check;

import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.metadata.MetadataField;
import io.envhub.format.wheel.WheelWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds environment wheels for tests with package-format's {@link WheelWriter}; nothing is committed as a binary. */
public final class Fixtures {

    /** A dependency-free environment with a chat dataset, two reward functions (one async) and weights. */
    public static final String GOOD = """
            \"\"\"A tiny arithmetic environment without dependencies.\"\"\"


            def exact_match(completion, answer):
                text = completion[-1]["content"] if isinstance(completion, list) else completion
                return 1.0 if text.strip() == str(answer) else 0.0


            async def short_answer(completion, **kwargs):
                text = completion[-1]["content"] if isinstance(completion, list) else completion
                return 1.0 if 0 < len(text) <= 12 else 0.0


            class Rubric:
                def __init__(self, funcs, weights):
                    self.funcs = funcs
                    self.weights = weights


            class Environment:
                def __init__(self, dataset, rubric):
                    self.dataset = dataset
                    self.rubric = rubric


            def load_environment(num_examples: int = 25):
                print("building", num_examples, "rows")
                rows = [{"prompt": [{"role": "user", "content": "What is %d + %d? Reply with the number only." % (i, 2 * i + 3)}],
                         "answer": str(3 * i + 3), "info": {"id": i}} for i in range(num_examples)]
                return Environment(rows, Rubric([exact_match, short_answer], [1.0, 0.2]))
            """;

    private final String name;
    private final Map<String, String> files = new LinkedHashMap<>();
    private final List<String> requires = new ArrayList<>();
    private String readme = "# Fixture\n\nAn environment built by a test.\n";
    private String license = "MIT";

    private Fixtures(String name) {
        this.name = name;
    }

    /** An environment named {@code name} whose module is {@code <module>.py} with the given source. */
    public static Fixtures env(String name, String moduleSource) {
        Fixtures f = new Fixtures(name);
        f.files.put(name.replace('-', '_') + ".py", moduleSource);
        return f;
    }

    /** A wheel with no module at all (add files with {@link #file}). */
    static Fixtures bare(String name) {
        return new Fixtures(name);
    }

    /** An environment with a load_environment body (indented by the caller's text block) and standard helpers. */
    static Fixtures simple(String name, String body) {
        return env(name, """
                import os

                class Rubric:
                    def __init__(self, funcs, weights=None):
                        self.funcs = funcs
                        self.weights = weights if weights is not None else [1.0] * len(funcs)


                def load_environment():
                """ + body.indent(4));
    }

    Fixtures file(String path, String content) {
        files.put(path, content);
        return this;
    }

    public Fixtures requires(String requirement) {
        requires.add(requirement);
        return this;
    }

    Fixtures noReadme() {
        readme = null;
        return this;
    }

    Fixtures noLicense() {
        license = null;
        return this;
    }

    public Path write(Path dir) {
        CoreMetadata m = new CoreMetadata(CoreMetadata.DEFAULT_METADATA_VERSION, name, "0.1.0", "fixture " + name, List.of(),
                license, ">=3.10", requires, "Test", null, readme == null ? null : "text/markdown", readme,
                List.of(new MetadataField("Classifier", "Programming Language :: Python :: 3")));
        WheelWriter w = new WheelWriter(m);
        files.forEach((p, c) -> w.addFile(p, c.getBytes(StandardCharsets.UTF_8)));
        return w.writeTo(dir);
    }
}
