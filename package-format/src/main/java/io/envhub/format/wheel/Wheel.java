package io.envhub.format.wheel;

import io.envhub.format.metadata.CoreMetadata;
import java.util.List;

/**
 * A validated wheel, as returned by {@link WheelReader}.
 *
 * @param fileName the canonical file name: name and version from METADATA, tags from WHEEL when it declares a
 *     single tag, otherwise {@code py3-none-any}
 * @param distInfoDir the {@code .dist-info} directory, without trailing slash
 * @param metadata parsed METADATA
 * @param info parsed WHEEL
 * @param record RECORD lines, in file order
 * @param files every file member (directory entries excluded), in archive order
 */
public record Wheel(WheelFileName fileName, String distInfoDir, CoreMetadata metadata, WheelInfo info,
                    List<RecordEntry> record, List<String> files) {

    /**
     * Copies the lists.
     *
     * @param fileName name derived from the metadata
     * @param distInfoDir dist-info directory
     * @param metadata metadata
     * @param info WHEEL values
     * @param record RECORD lines
     * @param files members
     */
    public Wheel {
        record = List.copyOf(record);
        files = List.copyOf(files);
    }

    /**
     * Returns the canonical file name of this wheel.
     *
     * @return e.g. {@code reverse_text-0.1.4-py3-none-any.whl}
     */
    public String expectedFileName() {
        return fileName.toString();
    }

    /**
     * Checks that an uploaded file name matches this wheel's metadata (name compared after normalization,
     * version compared by PEP 440 equality) and the tags declared in WHEEL.
     *
     * @param uploadedName the name the client gave
     * @throws WheelValidationException with code {@link WheelValidationException#FILENAME} on disagreement
     */
    public void checkFileName(String uploadedName) {
        WheelFileName given = WheelFileName.parse(uploadedName);
        if (!given.name().equals(fileName.name()) || !given.version().equals(fileName.version())) {
            throw new WheelValidationException(WheelValidationException.FILENAME, null, "file name '" + uploadedName
                    + "' disagrees with METADATA (" + metadata.name() + " " + metadata.version() + ")");
        }
        for (String py : given.pythonTag().split("\\.")) {
            for (String abi : given.abiTag().split("\\.")) {
                for (String platform : given.platformTag().split("\\.")) {
                    String tag = py + "-" + abi + "-" + platform;
                    if (!info.tags().contains(tag)) {
                        throw new WheelValidationException(WheelValidationException.FILENAME, null,
                                "file name tag '" + tag + "' is not declared in WHEEL " + info.tags());
                    }
                }
            }
        }
    }
}
