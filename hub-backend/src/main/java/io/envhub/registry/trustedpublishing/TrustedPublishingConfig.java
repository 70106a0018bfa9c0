package io.envhub.registry.trustedpublishing;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;

/** Trusted publishing: which OIDC issuers the hub trusts and what it mints. */
@ConfigMapping(prefix = "envhub.trusted-publishing")
public interface TrustedPublishingConfig {
    /**
     * The OIDC issuers whose ID tokens may be exchanged, exactly as their tokens' {@code iss} (ENVHUB_TRUSTED_ISSUERS,
     * comma-separated). A token from any other issuer is refused before anything is fetched from it.
     */
    @WithDefault("https://token.actions.githubusercontent.com,https://gitlab.com")
    List<String> issuers();

    /** The audience publishers get when none is given, and what {@code GET /_/oidc/audience} answers (ENVHUB_TRUSTED_AUDIENCE). */
    @WithDefault("envhub")
    String audience();

    /** How long a minted upload token works. */
    @WithDefault("PT15M")
    Duration tokenLifetime();

    /** Leeway on {@code exp}, {@code nbf} and {@code iat} for clocks that disagree a little. */
    @WithDefault("PT30S")
    Duration clockSkew();

    /** How long an issuer's discovery document and keys are kept before they are fetched again (sooner for an unknown key id). */
    @WithDefault("PT10M")
    Duration keysCacheTtl();
}
