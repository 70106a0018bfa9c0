package io.envhub.contract.bountyfacts;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * A version as bounty-service sees it ({@code GET /internal/v1/bounty-facts/versions/{owner}/{name}/{version}}):
 * hub-backend answers it from the registry tables, bounty-service reads it to accept a submission.
 *
 * @param environment {@code owner/name}
 * @param version the version asked about
 * @param exists whether {@code owner/name@version} is published (the other fields are null/false/empty when not)
 * @param yanked whether it was yanked
 * @param quarantined whether the hub's moderators quarantined it (or hold it for review): its downloads answer 451, and
 *                    bounty-service neither accepts nor approves it
 * @param quarantineReason the moderators' reason as the hub shows it publicly (its pages, the 451), or null
 * @param status validation status: pending, validating, validated, failed or error
 * @param runtimeVerified whether the stored validation report says the runtime checks ran and passed (not only static)
 * @param sha256 the artifact's sha256
 * @param tags the environment's tags (bounties require some; task types such as single-turn are tags too)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VersionFacts(String environment, String version, boolean exists, boolean yanked, boolean quarantined,
                           String quarantineReason, String status, boolean runtimeVerified, String sha256, List<String> tags) {
    /** The answer for a version that is not published: every other field null, false or empty. */
    public static VersionFacts absent(String environment, String version) {
        return new VersionFacts(environment, version, false, false, false, null, null, false, null, List.of());
    }
}
