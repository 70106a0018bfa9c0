package io.envhub.bounty.access;

import io.envhub.kit.error.ApiException;

/**
 * Who is calling: their Keycloak subject and username, and the realm roles that matter here. {@link #ANONYMOUS} for
 * calls without a token.
 */
public record Actor(String subject, String username, boolean admin, boolean sponsor, boolean contributor) {
    /** No token. */
    public static final Actor ANONYMOUS = new Actor(null, null, false, false, false);
    /** The service itself (scheduled jobs: deadlines, the payout worker), as named in audit and ledger rows. */
    public static final Actor SYSTEM = new Actor("system", "system", true, false, false);

    /** Whether someone is signed in. */
    public boolean signedIn() {
        return subject != null;
    }

    /** Whether this is the person with this Keycloak subject. */
    public boolean is(String otherSubject) {
        return subject != null && subject.equals(otherSubject);
    }

    /** 401 unless signed in. */
    public Actor requireSignedIn() {
        if (!signedIn()) {
            throw new ApiException.SignInRequired("Sign in with a Keycloak token.");
        }
        return this;
    }

    /** 403 unless the caller may post bounties (role {@code sponsor} or {@code admin}). */
    public Actor requireSponsor() {
        requireSignedIn();
        if (!sponsor && !admin) {
            throw new ApiException.Forbidden("Posting bounties needs the sponsor role.");
        }
        return this;
    }

    /** 403 unless the caller may apply and submit (role {@code contributor} or {@code admin}). */
    public Actor requireContributor() {
        requireSignedIn();
        if (!contributor && !admin) {
            throw new ApiException.Forbidden("Applying and submitting need the contributor role.");
        }
        return this;
    }
}
