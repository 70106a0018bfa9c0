package io.envhub.bounty.me;

import io.envhub.bounty.access.Actor;
import io.envhub.bounty.access.Callers;
import io.envhub.bounty.application.ApplicationService;
import io.envhub.bounty.application.ApplicationViews.ApplicationView;
import io.envhub.bounty.bounty.BountyReader;
import io.envhub.bounty.bounty.BountyViews.BountySummary;
import io.envhub.bounty.participant.Participant;
import io.envhub.bounty.participant.ParticipantService;
import io.envhub.bounty.submission.SubmissionReader;
import io.envhub.bounty.submission.SubmissionViews.SubmissionView;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/bounties/me}: the caller as the bounty service sees them, and their bounties, applications, submissions. */
@Path("/api/v1/bounties/me")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class MeResource {
    private final Callers callers;
    private final JsonWebToken token;
    private final ParticipantService participants;
    private final BountyReader bounties;
    private final ApplicationService applications;
    private final SubmissionReader submissions;

    public MeResource(Callers callers, JsonWebToken token, ParticipantService participants, BountyReader bounties,
                      ApplicationService applications, SubmissionReader submissions) {
        this.callers = callers;
        this.token = token;
        this.participants = participants;
        this.bounties = bounties;
        this.applications = applications;
        this.submissions = submissions;
    }

    /** The caller and their abilities here. */
    public record Me(String username, String displayName, boolean canSponsor, boolean canReview, boolean canSubmit,
                     OffsetDateTime firstSeenAt) {
    }

    @GET
    @Operation(summary = "Who am I here", description = "The caller and what they may do (sponsor, review, submit).")
    public Me me() {
        Participant p = participants.seen(token.getSubject(), token.getClaim("preferred_username"), token.getClaim("name"));
        Actor actor = callers.actor();
        return new Me(p.username, p.displayName, actor.admin() || actor.sponsor(), actor.admin(), actor.admin() || actor.contributor(),
                p.firstSeenAt);
    }

    @GET
    @Path("/bounties")
    @Operation(summary = "My bounties as sponsor", description = "Drafts included, newest first.")
    public List<BountySummary> myBounties() {
        return bounties.mine(callers.actor());
    }

    @GET
    @Path("/applications")
    @Operation(summary = "My applications", description = "With their state and the decision comment, newest first.")
    public List<ApplicationView> myApplications() {
        return applications.mine(callers.actor());
    }

    @GET
    @Path("/submissions")
    @Operation(summary = "My submissions", description = "With their versions, state and reviews, newest first.")
    public List<SubmissionView> mySubmissions() {
        return submissions.mine(callers.actor());
    }
}
