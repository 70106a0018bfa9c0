package io.envhub.contract.http;

import java.util.Optional;
import java.util.function.Supplier;

/** Supplies the {@code Authorization} header. */
@FunctionalInterface
public interface Authorization {
    /** No credentials. */
    Authorization NONE = Optional::empty;

    /**
     * The header value for the next request.
     *
     * @return e.g. {@code Bearer ...}, or empty when anonymous
     */
    Optional<String> authorization();

    /**
     * Called after a 401 (at most once per call); true when fresh credentials are available and the call should
     * be repeated.
     *
     * @return whether to repeat; false unless overridden
     */
    default boolean refreshAfterUnauthorized() {
        return false;
    }

    /**
     * A bearer token asked for before each request.
     *
     * @param token supplies the current access token
     * @return the credentials
     */
    static Authorization bearer(Supplier<String> token) {
        return () -> Optional.of("Bearer " + token.get());
    }
}
