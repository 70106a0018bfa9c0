package io.envhub.testsupport;

import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.name.ProjectName;
import io.envhub.format.wheel.WheelWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Builds real, dependency-free environment wheels for tests (with package-format's writer). */
public final class TestWheels {
    private TestWheels() {
    }

    /** A built wheel: its canonical file name and bytes. */
    public record Built(String filename, byte[] bytes) {
    }

    /** A single-module verifiers-style environment. */
    public static Built environment(String name, String version, String summary, List<String> tags) {
        return environment(name, version, summary, tags, "# " + name + "\n\n" + summary + "\n");
    }

    /** A single-module verifiers-style environment whose README (Markdown, the wheel's description) is given. */
    public static Built environment(String name, String version, String summary, List<String> tags, String readme) {
        String module = ProjectName.of(name).moduleName();
        CoreMetadata metadata = new CoreMetadata("2.1", name, version, summary, tags, "Apache-2.0", ">=3.9", List.of(),
                null, null, "text/markdown", readme, List.of());
        String code = """
                def load_environment(**kwargs):
                    dataset = [{"prompt": "abc", "answer": "cba"}, {"prompt": "hello", "answer": "olleh"}]

                    def exact(completion, answer, **_):
                        return 1.0 if str(completion).strip() == answer else 0.0

                    return {"dataset": dataset, "rubric": {"funcs": [exact], "weights": [1.0]}}
                """;
        WheelWriter writer = new WheelWriter(metadata).addFile(module + ".py", code.getBytes(StandardCharsets.UTF_8));
        return new Built(writer.fileName().toString(), writer.toBytes());
    }

    /** The same environment with a default summary and tags. */
    public static Built environment(String name, String version) {
        return environment(name, version, "Reverse a given text", List.of("text", "single-turn"));
    }
}
