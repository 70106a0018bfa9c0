package io.envhub.bounty.submission;

import io.envhub.contract.bounty.SubmissionStatus;
import io.envhub.bounty.access.Callers;
import io.envhub.bounty.submission.SubmissionViews.SubmissionView;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/submissions?environment=owner/name&status=approved}: the awards an environment received. */
@Path("/api/v1/submissions")
@Produces(MediaType.APPLICATION_JSON)
public class SubmissionSearchResource {
    private final SubmissionReader reader;
    private final Callers callers;

    public SubmissionSearchResource(SubmissionReader reader, Callers callers) {
        this.reader = reader;
        this.callers = callers;
    }

    @GET
    @Operation(summary = "Awards of an environment", description = "Approved submissions whose awarded version is of "
            + "the environment owner/name, oldest award first (public: decided submissions are public).")
    public List<SubmissionView> search(@QueryParam("environment") String environment, @QueryParam("status") String status) {
        if (environment == null || !environment.matches("[^/\\s]{1,100}/[^/\\s]{1,100}")) {
            throw new ApiException.Invalid(ProblemCode.INVALID_ENVIRONMENT, "Give environment=owner/name.");
        }
        if (status != null && !SubmissionStatus.APPROVED.is(status)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_STATUS, "Only status=approved can be listed across bounties.");
        }
        return reader.approvedOf(environment, callers.actor());
    }
}
