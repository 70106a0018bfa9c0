package io.envhub.format.wheel;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code WHEEL} file of a wheel.
 *
 * @param wheelVersion {@code Wheel-Version}, e.g. {@code 1.0}
 * @param generator {@code Generator}, or null
 * @param rootIsPurelib {@code Root-Is-Purelib}
 * @param tags every {@code Tag}
 * @param build {@code Build}, or null
 */
public record WheelInfo(String wheelVersion, String generator, boolean rootIsPurelib, List<String> tags, String build) {

    /**
     * Copies the tags.
     *
     * @param wheelVersion wheel version
     * @param generator generator or null
     * @param rootIsPurelib root is purelib
     * @param tags tags
     * @param build build or null
     */
    public WheelInfo {
        tags = List.copyOf(tags);
    }

    /**
     * Renders the WHEEL file.
     *
     * @return text with {@code \n} line endings
     */
    public String write() {
        StringBuilder sb = new StringBuilder();
        sb.append("Wheel-Version: ").append(wheelVersion).append('\n');
        if (generator != null) {
            sb.append("Generator: ").append(generator).append('\n');
        }
        sb.append("Root-Is-Purelib: ").append(rootIsPurelib).append('\n');
        for (String tag : tags) {
            sb.append("Tag: ").append(tag).append('\n');
        }
        if (build != null) {
            sb.append("Build: ").append(build).append('\n');
        }
        return sb.toString();
    }

    /**
     * Parses a WHEEL file.
     *
     * @param text content
     * @return the values
     * @throws WheelValidationException when a line is malformed, {@code Wheel-Version} is missing, or its major
     *     version is not 1
     */
    public static WheelInfo parse(String text) {
        String version = null;
        String generator = null;
        String build = null;
        boolean purelib = false;
        List<String> tags = new ArrayList<>();
        String[] lines = text.replace("\r\n", "\n").split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new WheelValidationException(WheelValidationException.BAD_WHEEL_FILE, null,
                        "WHEEL line " + (i + 1) + ": expected 'Key: value' but found '" + line + "'");
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            switch (key) {
                case "Wheel-Version" -> version = value;
                case "Generator" -> generator = value;
                case "Root-Is-Purelib" -> purelib = "true".equalsIgnoreCase(value);
                case "Tag" -> tags.add(value);
                case "Build" -> build = value;
                default -> {
                    // unknown keys are allowed
                }
            }
        }
        if (version == null) {
            throw new WheelValidationException(WheelValidationException.BAD_WHEEL_FILE, null, "WHEEL has no Wheel-Version");
        }
        if (!version.matches("1\\.[0-9]+")) {
            throw new WheelValidationException(WheelValidationException.UNSUPPORTED_VERSION, null,
                    "Wheel-Version '" + version + "' is not supported (need 1.x)");
        }
        return new WheelInfo(version, generator, purelib, tags, build);
    }
}
