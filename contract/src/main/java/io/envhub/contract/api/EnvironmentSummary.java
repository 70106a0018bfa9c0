package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * An environment in a list: search results and listings ({@link SearchPage#items()}), the explore sections, and the
 * owner's own environments (which add their fields next to these).
 *
 * @param owner the owner's name
 * @param name the environment's name
 * @param displayName the name as the owner spelled it, or null
 * @param summary one line, or null
 * @param tags its tags
 * @param latestVersion the latest version, or null when none is published
 * @param starCount stars
 * @param downloadCount downloads, all time
 * @param visibility {@code public} or {@code private}
 * @param updatedAt when it last changed
 * @param validatedVersion the newest validated, non-yanked version, or null when none
 * @param validatedAt when {@code validatedVersion} was validated, or null
 * @param downloads7d downloads over the last 7 days: set in trending lists only, else null
 * @param verdict the verdict of the validated version, else of the latest version, its fields at the top level
 *     ({@link Verdict}); absent from the JSON when the environment has neither (read back: all fields null)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record EnvironmentSummary(String owner, String name, String displayName, String summary, List<String> tags,
                                 String latestVersion, int starCount, long downloadCount, String visibility,
                                 OffsetDateTime updatedAt, String validatedVersion,
                                 OffsetDateTime validatedAt, Long downloads7d, @JsonUnwrapped Verdict verdict) {
}
