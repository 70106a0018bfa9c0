package io.envhub.bounty.participant;

import io.envhub.bounty.security.SignInProblem;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.OffsetDateTime;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** {@code GET /api/v1/bounties/me}: the caller as the bounty service sees them, and what they may do. */
@Path("/api/v1/bounties/me")
@Authenticated
public class ParticipantResource {
    private final SecurityIdentity identity;
    private final JsonWebToken token;
    private final ParticipantService participants;

    public ParticipantResource(SecurityIdentity identity, JsonWebToken token, ParticipantService participants) {
        this.identity = identity;
        this.token = token;
        this.participants = participants;
    }

    /** The caller and their abilities here. */
    public record Me(String username, String displayName, boolean canSponsor, boolean canReview, boolean canSubmit,
                     OffsetDateTime firstSeenAt) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Me me() {
        String subject = token.getSubject();
        String username = token.getClaim("preferred_username");
        if (subject == null || subject.isBlank() || username == null || username.isBlank()) {
            // a valid token of the realm that names no user (e.g. a client's own token without the profile scope)
            throw SignInProblem.forbidden("This token names no user (no subject or user name); sign in as a user.");
        }
        Participant p = participants.seen(subject, username, token.getClaim("name"));
        boolean admin = identity.hasRole("admin");
        return new Me(p.username, p.displayName, admin || identity.hasRole("sponsor"), admin,
                admin || identity.hasRole("contributor"), p.firstSeenAt);
    }
}
