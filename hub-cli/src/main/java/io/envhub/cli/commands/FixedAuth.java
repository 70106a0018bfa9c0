package io.envhub.cli.commands;

import io.envhub.cli.http.HubClient;
import java.util.Optional;

/** A fixed bearer token (used to check a token before storing it). */
record FixedAuth(String token) implements HubClient.Auth {
    @Override
    public Optional<String> authorization() {
        return Optional.of("Bearer " + token);
    }

    @Override
    public boolean refreshAfterUnauthorized() {
        return false;
    }
}
