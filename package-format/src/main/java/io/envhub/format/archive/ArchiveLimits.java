package io.envhub.format.archive;

/**
 * Resource limits enforced while reading an untrusted zip archive. Sizes are counted on the bytes actually
 * inflated, never on the sizes the archive claims.
 *
 * @param maxEntries most entries (central directory records) allowed
 * @param maxTotalUncompressed most bytes inflated across all reads of one archive
 * @param maxFileUncompressed most bytes one entry may inflate to
 * @param maxRatio highest allowed uncompressed/compressed ratio for entries above {@code ratioThreshold}
 * @param ratioThreshold uncompressed size from which the ratio limit applies
 */
public record ArchiveLimits(int maxEntries, long maxTotalUncompressed, long maxFileUncompressed, double maxRatio,
                            long ratioThreshold) {

    /** Defaults: 10,000 entries, 512 MiB in total, 100 MiB per file, ratio 100 above 1 MiB. */
    public static final ArchiveLimits DEFAULTS = new ArchiveLimits(10_000, 512L << 20, 100L << 20, 100.0, 1L << 20);

    /**
     * Checks the limits are positive.
     *
     * @param maxEntries most entries
     * @param maxTotalUncompressed most bytes in total
     * @param maxFileUncompressed most bytes per entry
     * @param maxRatio highest ratio
     * @param ratioThreshold size from which the ratio applies
     */
    public ArchiveLimits {
        if (maxEntries <= 0 || maxTotalUncompressed <= 0 || maxFileUncompressed <= 0 || maxRatio <= 0
                || ratioThreshold < 0) {
            throw new IllegalArgumentException("archive limits must be positive");
        }
    }

    /**
     * Returns a copy with another entry limit.
     *
     * @param value most entries
     * @return the copy
     */
    public ArchiveLimits withMaxEntries(int value) {
        return new ArchiveLimits(value, maxTotalUncompressed, maxFileUncompressed, maxRatio, ratioThreshold);
    }

    /**
     * Returns a copy with another total limit.
     *
     * @param value most bytes in total
     * @return the copy
     */
    public ArchiveLimits withMaxTotalUncompressed(long value) {
        return new ArchiveLimits(maxEntries, value, maxFileUncompressed, maxRatio, ratioThreshold);
    }

    /**
     * Returns a copy with another per-entry limit.
     *
     * @param value most bytes per entry
     * @return the copy
     */
    public ArchiveLimits withMaxFileUncompressed(long value) {
        return new ArchiveLimits(maxEntries, maxTotalUncompressed, value, maxRatio, ratioThreshold);
    }

    /**
     * Returns a copy with another ratio limit.
     *
     * @param ratio highest ratio
     * @param threshold size from which it applies
     * @return the copy
     */
    public ArchiveLimits withRatio(double ratio, long threshold) {
        return new ArchiveLimits(maxEntries, maxTotalUncompressed, maxFileUncompressed, ratio, threshold);
    }
}
