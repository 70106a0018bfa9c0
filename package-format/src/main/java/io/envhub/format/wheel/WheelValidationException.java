package io.envhub.format.wheel;

import io.envhub.format.FormatException;

/**
 * Thrown when an uploaded wheel is refused. The {@link #code()} is stable: archive problems keep the
 * {@code archive.*} code of the underlying {@link io.envhub.format.archive.ArchiveException}, metadata problems
 * keep their {@code metadata.*} code, and wheel-level problems use the constants below.
 */
public final class WheelValidationException extends FormatException {

    /** No top-level {@code .dist-info} directory. */
    public static final String DIST_INFO_MISSING = "wheel.dist_info_missing";
    /** More than one top-level {@code .dist-info} directory. */
    public static final String DIST_INFO_MULTIPLE = "wheel.dist_info_multiple";
    /** The {@code .dist-info} directory name disagrees with METADATA's name or version. */
    public static final String DIST_INFO_MISMATCH = "wheel.dist_info_mismatch";
    /** METADATA, WHEEL or RECORD is absent. */
    public static final String MISSING_FILE = "wheel.missing_file";
    /** The WHEEL file is malformed. */
    public static final String BAD_WHEEL_FILE = "wheel.bad_wheel_file";
    /** Wheel-Version with a major version other than 1. */
    public static final String UNSUPPORTED_VERSION = "wheel.unsupported_version";
    /** The file name disagrees with the wheel's metadata or is not a wheel file name. */
    public static final String FILENAME = "wheel.filename";
    /** RECORD cannot be parsed. */
    public static final String RECORD_MALFORMED = "record.malformed";
    /** RECORD lists a path twice. */
    public static final String RECORD_DUPLICATE = "record.duplicate";
    /** A RECORD hash disagrees with the member's content. */
    public static final String RECORD_HASH_MISMATCH = "record.hash_mismatch";
    /** A RECORD size disagrees with the member's content. */
    public static final String RECORD_SIZE_MISMATCH = "record.size_mismatch";
    /** A RECORD line has no hash (only RECORD itself may omit it). */
    public static final String RECORD_MISSING_HASH = "record.missing_hash";
    /** A RECORD hash uses md5 or sha1 or an unknown algorithm. */
    public static final String RECORD_WEAK_HASH = "record.weak_hash";
    /** An archive member is not listed in RECORD. */
    public static final String RECORD_UNLISTED_MEMBER = "record.unlisted_member";
    /** A RECORD line names a member that is not in the archive. */
    public static final String RECORD_MISSING_MEMBER = "record.missing_member";

    private static final long serialVersionUID = 1L;

    private final String entry;

    /**
     * Creates an exception.
     *
     * @param code stable machine code
     * @param entry offending entry, or null
     * @param message human-readable explanation (should name the entry)
     */
    public WheelValidationException(String code, String entry, String message) {
        this(code, entry, message, null);
    }

    /**
     * Creates an exception with a cause.
     *
     * @param code stable machine code
     * @param entry offending entry, or null
     * @param message human-readable explanation
     * @param cause underlying failure, or null
     */
    public WheelValidationException(String code, String entry, String message, Throwable cause) {
        super(code, message, cause);
        this.entry = entry;
    }

    /**
     * Returns the offending entry.
     *
     * @return entry name, or null for wheel-wide problems
     */
    public String entry() {
        return entry;
    }
}
