package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;

/**
 * A reference benchmark registered by an admin ({@code /api/v1/admin/reference-sets}): the hub keeps only the
 * fingerprint of its items, never their text, and compares every validated dataset with it.
 *
 * @param name the set's name, as findings name it ("12 % of rows overlap gsm8k-test")
 * @param sourceUrl where the items come from, or null
 * @param licence the licence note, or null
 * @param items how many items were fingerprinted
 * @param createdBy the admin who registered it
 * @param createdAt when
 * @param recheck the re-check of stored reports the set's registration queued
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReferenceSet(String name, String sourceUrl, String licence, int items, String createdBy,
                           OffsetDateTime createdAt, Recheck recheck) {

    /**
     * Progress of a re-check.
     *
     * @param total reports queued for it
     * @param done reports re-checked
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Recheck(long total, long done) {
        /** Whether every queued report was re-checked. */
        public boolean finished() {
            return done >= total;
        }
    }
}
