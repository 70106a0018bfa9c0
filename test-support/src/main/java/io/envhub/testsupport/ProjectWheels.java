package io.envhub.testsupport;

import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.name.ProjectName;
import io.envhub.format.wheel.WheelWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Real environment wheels whose module code, README, dependencies and extra files a test chooses (for comparing two
 * versions); {@link TestWheels} builds the fixed default one.
 */
public final class ProjectWheels {
    private ProjectWheels() {
    }

    /**
     * A single-module environment.
     *
     * @param code the module's source ({@code <module>.py})
     * @param readme the README (the wheel's Markdown description)
     * @param dependencies its {@code Requires-Dist} lines
     * @param extraFiles more files by path (bytes)
     */
    public static TestWheels.Built wheel(String name, String version, String summary, String code, String readme,
                                         List<String> dependencies, Map<String, byte[]> extraFiles) {
        String module = ProjectName.of(name).moduleName();
        CoreMetadata metadata = new CoreMetadata("2.1", name, version, summary, List.of("text"), "Apache-2.0", ">=3.9",
                dependencies, null, null, "text/markdown", readme, List.of());
        WheelWriter writer = new WheelWriter(metadata).addFile(module + ".py", code.getBytes(StandardCharsets.UTF_8));
        extraFiles.forEach(writer::addFile);
        return new TestWheels.Built(writer.fileName().toString(), writer.toBytes());
    }
}
