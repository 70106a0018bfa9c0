package io.envhub.format.archive;

import io.envhub.format.FormatException;

/** Thrown when a zip archive is malformed or unsafe; the message names the offending entry. */
public final class ArchiveException extends FormatException {

    /** Absolute path, {@code ..} segment, backslash or drive letter. */
    public static final String PATH_TRAVERSAL = "archive.path_traversal";
    /** Empty, non-UTF-8, control-character or otherwise unusable entry name. */
    public static final String BAD_NAME = "archive.bad_name";
    /** Entry is a symbolic link. */
    public static final String SYMLINK = "archive.symlink";
    /** Entry is a device, FIFO, socket or other non-regular file. */
    public static final String SPECIAL_FILE = "archive.special_file";
    /** Two entries share a name (exactly, by case, or as file and directory). */
    public static final String DUPLICATE = "archive.duplicate";
    /** Local file header or data descriptor disagrees with the central directory. */
    public static final String HEADER_MISMATCH = "archive.header_mismatch";
    /** Compression method other than stored or deflate. */
    public static final String METHOD = "archive.method";
    /** Encrypted entry. */
    public static final String ENCRYPTED = "archive.encrypted";
    /** More entries than allowed. */
    public static final String TOO_MANY_ENTRIES = "archive.too_many_entries";
    /** An entry or the archive inflates beyond the size limits. */
    public static final String TOO_LARGE = "archive.too_large";
    /** Compression ratio above the limit. */
    public static final String RATIO = "archive.ratio";
    /** Entries share bytes in the file. */
    public static final String OVERLAP = "archive.overlap";
    /** Structurally broken archive. */
    public static final String MALFORMED = "archive.malformed";
    /** Valid zip feature this reader refuses (zip64, multi-disk, Unicode path extra field). */
    public static final String UNSUPPORTED = "archive.unsupported";
    /** Entry data does not inflate to what the headers declare (CRC, size, broken deflate stream). */
    public static final String CORRUPT = "archive.corrupt";
    /** The archive could not be read. */
    public static final String IO = "archive.io";

    private static final long serialVersionUID = 1L;

    private final String entry;

    /**
     * Creates an exception.
     *
     * @param code one of the constants of this class
     * @param entry name of the offending entry, or null for archive-wide problems
     * @param reason human-readable explanation
     */
    public ArchiveException(String code, String entry, String reason) {
        this(code, entry, reason, null);
    }

    /**
     * Creates an exception with a cause.
     *
     * @param code one of the constants of this class
     * @param entry name of the offending entry, or null
     * @param reason human-readable explanation
     * @param cause underlying failure, or null
     */
    public ArchiveException(String code, String entry, String reason, Throwable cause) {
        super(code, entry == null ? reason : "entry '" + entry + "': " + reason, cause);
        this.entry = entry;
    }

    /**
     * Returns the offending entry.
     *
     * @return entry name, or null for archive-wide problems
     */
    public String entry() {
        return entry;
    }
}
