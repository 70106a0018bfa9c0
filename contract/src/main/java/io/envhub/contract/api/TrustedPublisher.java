package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;
import java.util.Map;

/**
 * A CI identity allowed to publish one environment ({@code /api/v1/environments/{owner}/{name}/trusted-publishers}): an
 * OIDC ID token from {@code issuer} whose {@code aud} contains {@code audience} and whose claims have every value in
 * {@code claims} is exchanged at {@code POST /api/v1/trusted-publishing/token} for a short-lived upload token.
 *
 * @param id the publisher's id
 * @param issuer the OIDC issuer URL, e.g. {@code https://token.actions.githubusercontent.com}
 * @param audience the audience the ID token must carry
 * @param claims the claims the ID token must have, with their exact values (e.g. {@code repository}, {@code ref})
 * @param createdBy who registered it (minted tokens act with this user's rights)
 * @param createdAt when
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TrustedPublisher(long id, String issuer, String audience, Map<String, String> claims, String createdBy,
                               OffsetDateTime createdAt) {

    /**
     * A publisher to register ({@code POST .../trusted-publishers}).
     *
     * @param issuer one of the hub's trusted issuers
     * @param audience the audience (null: the hub's default, {@code GET /_/oidc/audience})
     * @param claims at least one claim, e.g. {@code {"repository": "alice/reverse-text", "ref": "refs/heads/main"}}
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Registration(String issuer, String audience, Map<String, String> claims) {
    }

    /**
     * The exchange's request: the CI's ID token (and, when it matches publishers of several environments, which one).
     *
     * @param token the OIDC ID token (a JWT)
     * @param environment {@code owner/name}, or null
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Exchange(String token, String environment) {
    }

    /**
     * The exchange's answer.
     *
     * @param token the upload token ({@code envhub_...}); send it as a personal access token (Bearer, or Basic
     *     {@code __token__})
     * @param expiresAt when it stops working
     * @param environment {@code owner/name}: the one environment it may upload to
     * @param success always true (PyPI's answer has it)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Minted(String token, OffsetDateTime expiresAt, String environment, boolean success) {
    }
}
