package io.envhub.kit.error;

/**
 * The {@code WWW-Authenticate} challenge a 401 carries, per path. A service whose paths need different schemes (e.g.
 * Basic on a package index) provides a CDI bean; without one, 401s carry {@link #BEARER}.
 */
public interface AuthChallenge {
    /** The default challenge. */
    String BEARER = "Bearer realm=\"envhub\"";

    /** The challenge for a 401 on {@code path}. */
    String challengeFor(String path);
}
