package io.envhub.format.archive;

/**
 * A validated entry of a zip archive, as described by the central directory (and confirmed by its local
 * header).
 *
 * @param name entry name ({@code /}-separated; directories end with {@code /})
 * @param method 0 (stored) or 8 (deflate)
 * @param crc CRC-32 of the uncompressed data
 * @param compressedSize bytes of stored data
 * @param uncompressedSize declared size of the content (verified when the entry is read)
 * @param localHeaderOffset position of the local file header
 * @param dataOffset position of the entry data
 * @param unixMode Unix mode from the external attributes, or 0 when the archive records none
 */
public record ZipEntryInfo(String name, int method, long crc, long compressedSize, long uncompressedSize,
                           long localHeaderOffset, long dataOffset, int unixMode) {

    /** Stored (no compression). */
    public static final int STORED = 0;
    /** Deflate. */
    public static final int DEFLATED = 8;

    /**
     * Tells whether this is a directory entry.
     *
     * @return true when the name ends with {@code /}
     */
    public boolean isDirectory() {
        return name.endsWith("/");
    }
}
