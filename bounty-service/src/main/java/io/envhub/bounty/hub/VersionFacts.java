package io.envhub.bounty.hub;

/**
 * What hub-backend says about {@code environment@version} (its internal bounty-facts endpoint).
 *
 * @param status validation status (pending, validating, validated, failed, error)
 * @param runtimeVerified whether the runtime checks ran and passed (not only the static ones)
 * @param tags the environment's tags (task types such as single-turn are tags too)
 */
public record VersionFacts(String environment, String version, boolean exists, boolean yanked, String status,
                           boolean runtimeVerified, String sha256, java.util.List<String> tags) {
}
