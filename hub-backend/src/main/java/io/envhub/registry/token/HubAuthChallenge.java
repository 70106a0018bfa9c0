package io.envhub.registry.token;

import io.envhub.kit.error.AuthChallenge;
import jakarta.enterprise.context.ApplicationScoped;

/** 401s from hub-backend carry Basic on the package index (pip) and Bearer elsewhere. */
@ApplicationScoped
public class HubAuthChallenge implements AuthChallenge {
    @Override
    public String challengeFor(String path) {
        return PersonalTokenMechanism.challengeFor(path);
    }
}
