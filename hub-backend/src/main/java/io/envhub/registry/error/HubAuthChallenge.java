package io.envhub.registry.error;

import io.envhub.kit.error.AuthChallenge;
import io.envhub.registry.security.PersonalTokenMechanism;
import jakarta.enterprise.context.ApplicationScoped;

/** 401s from hub-backend carry Basic on the package index (pip) and Bearer elsewhere. */
@ApplicationScoped
public class HubAuthChallenge implements AuthChallenge {
    @Override
    public String challengeFor(String path) {
        return PersonalTokenMechanism.challengeFor(path);
    }
}
