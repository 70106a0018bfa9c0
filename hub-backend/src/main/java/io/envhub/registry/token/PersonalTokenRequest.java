package io.envhub.registry.token;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** A personal access token presented on a request ({@code Bearer envhub_...} or Basic {@code __token__:envhub_...}). */
public final class PersonalTokenRequest extends BaseAuthenticationRequest {
    private final String token;

    public PersonalTokenRequest(String token) {
        this.token = token;
    }

    /** The presented token (a secret: never log it). */
    public String token() {
        return token;
    }

    @Override
    public String toString() {
        return "PersonalTokenRequest[token=***]";
    }
}
