package io.envhub.format.wheel;

import io.envhub.format.name.InvalidNameException;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.InvalidVersionException;
import io.envhub.format.version.Version;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A wheel file name, {@code {distribution}-{version}(-{build})?-{python}-{abi}-{platform}.whl} (PEP 427).
 *
 * @param name project name
 * @param version version
 * @param build build tag, or null
 * @param pythonTag python tag, e.g. {@code py3}
 * @param abiTag ABI tag, e.g. {@code none}
 * @param platformTag platform tag, e.g. {@code any}
 */
public record WheelFileName(ProjectName name, Version version, String build, String pythonTag, String abiTag,
                            String platformTag) {

    private static final Pattern FILE = Pattern.compile(
            "([^-]+)-([^-]+)(?:-([0-9][^-]*))?-([^-]+)-([^-]+)-([^-]+)\\.whl");

    /**
     * Returns the name of a pure-Python 3 wheel.
     *
     * @param name project name
     * @param version version
     * @return {@code {name}-{version}-py3-none-any.whl}
     */
    public static WheelFileName pure(ProjectName name, Version version) {
        return new WheelFileName(name, version, null, "py3", "none", "any");
    }

    /**
     * Parses a wheel file name.
     *
     * @param fileName file name (no directories)
     * @return the parts
     * @throws WheelValidationException with code {@link WheelValidationException#FILENAME} when it is not a
     *     valid wheel name
     */
    public static WheelFileName parse(String fileName) {
        Matcher m = FILE.matcher(fileName);
        if (!m.matches()) {
            throw new WheelValidationException(WheelValidationException.FILENAME, null,
                    "'" + fileName + "' is not a wheel file name ({name}-{version}-{python}-{abi}-{platform}.whl)");
        }
        try {
            return new WheelFileName(ProjectName.of(m.group(1)), Version.parse(m.group(2).replace('_', '-')), m.group(3),
                    m.group(4), m.group(5), m.group(6));
        } catch (InvalidNameException | InvalidVersionException e) {
            throw new WheelValidationException(WheelValidationException.FILENAME, null,
                    "wheel file name '" + fileName + "': " + e.getMessage(), e);
        }
    }

    /**
     * Returns the directory name of the metadata, {@code {escaped name}-{version}.dist-info}.
     *
     * @return dist-info directory name without trailing slash
     */
    public String distInfoDir() {
        return name.wheelName() + "-" + version + ".dist-info";
    }

    /** Returns the file name with the escaped distribution name and canonical version. */
    @Override
    public String toString() {
        return name.wheelName() + "-" + version + (build == null ? "" : "-" + build) + "-" + pythonTag + "-" + abiTag
                + "-" + platformTag + ".whl";
    }
}
