package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * {@code GET /api/v1/environmentshub/{owner}/{name}/@{version}} (and {@code @latest}): how to install a version, in the
 * shape verifiers' {@code vf-install} reads ({@code verifiers/legacy/utils/install_utils.py}: the body's {@code data}
 * object, with {@code simple_index_url}, {@code wheel_url} and {@code visibility}); {@code envhub install} reads it too.
 *
 * @param data the version's install details
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record HubInstall(Data data) {
    /**
     * One installable version.
     *
     * @param owner the owner's name as stored
     * @param name the environment's (normalized) project name
     * @param version the resolved version (for {@code @latest}: what pip would pick from the index now)
     * @param visibility {@code PUBLIC} or {@code PRIVATE}, upper case as vf-install compares it
     * @param simpleIndexUrl the owner's PEP 503 index, absolute, ending in {@code /}: pip's/uv's {@code --extra-index-url}
     * @param wheelUrl the wheel's counted download URL on that index (absolute; redirects to the object store)
     * @param filename the wheel's file name
     * @param sha256 the wheel's sha256 (lower-case hex)
     * @param yanked whether the version is yanked (installable only when pinned)
     * @param packageName the import package name vf-install derives from the name ({@code -} to {@code _})
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Data(String owner, String name, String version, String visibility,
                       @JsonProperty("simple_index_url") String simpleIndexUrl, @JsonProperty("wheel_url") String wheelUrl,
                       String filename, String sha256, boolean yanked, @JsonProperty("package_name") String packageName) {
    }
}
