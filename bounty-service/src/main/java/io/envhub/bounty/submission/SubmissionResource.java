package io.envhub.bounty.submission;

import io.envhub.bounty.access.Callers;
import io.envhub.bounty.submission.SubmissionViews.SubmissionView;
import io.envhub.bounty.submission.SubmissionViews.SubmitRequest;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/bounties/{id}/submissions}: submitting an environment version to a bounty, and the bounty's submissions. */
@Path("/api/v1/bounties/{id: \\d+}/submissions")
@Produces(MediaType.APPLICATION_JSON)
public class SubmissionResource {
    private final SubmissionService submissions;
    private final SubmissionReader reader;
    private final Callers callers;

    public SubmissionResource(SubmissionService submissions, SubmissionReader reader, Callers callers) {
        this.submissions = submissions;
        this.reader = reader;
        this.callers = callers;
    }

    @POST
    @Authenticated
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Submit an environment version", description = "{\"environment\":\"owner/name\",\"version\":\"x.y.z\"}. "
            + "Contributors; open bounty before its deadline (409 deadline-passed); not the sponsor (403 self-dealing); "
            + "application-only bounties need an accepted application (403 not-accepted). hub-backend must confirm the "
            + "version exists, is not quarantined by its moderators (409 version-quarantined), is not yanked, is validated "
            + "with runtime checks (409 version-*), and that the submitter may "
            + "publish to its owner (403 not-a-publisher). Its sha256 is stored. 201.")
    public Response submit(@PathParam("id") long id, SubmitRequest body) {
        SubmissionView s = submissions.submit(id, body == null ? null : body.environment(), body == null ? null : body.version(),
                callers.actor());
        return Response.created(URI.create("/api/v1/submissions/" + s.id())).entity(s).build();
    }

    @GET
    @Operation(summary = "A bounty's submissions", description = "Public; reviews in progress only for the submitter, the "
            + "sponsor and admins.")
    public List<SubmissionView> list(@PathParam("id") long id) {
        return reader.ofBounty(id, callers.actor());
    }
}
