package io.envhub.web.bounty;

import io.envhub.contract.bounty.BountyJson.Application;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.web.account.Viewer;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** {@code /me/bounties}: the contributor's applications and submissions, with their state and reviewers' comments. */
@Path("/me/bounties")
@Produces(MediaType.TEXT_HTML)
public class MyBountiesResource {
    private final Viewer viewer;
    private final BountyClient bounties;

    public MyBountiesResource(Viewer viewer, BountyClient bounties) {
        this.viewer = viewer;
        this.bounties = bounties;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance mine(Viewer viewer, List<Application> applications, List<Submission> submissions);
    }

    @GET
    public Response mine() {
        if (!viewer.signedIn()) {
            throw new UnauthorizedException();
        }
        String bearer = viewer.bearer();
        CompletableFuture<List<Application>> apps = bounties.myApplications(bearer).toCompletableFuture();
        CompletableFuture<List<Submission>> subs = bounties.mySubmissions(bearer).toCompletableFuture();
        List<Application> applications = BountyCalls.await(apps).stream()
                .sorted(Comparator.comparingLong(Application::id).reversed()).toList();
        List<Submission> submissions = BountyCalls.await(subs).stream()
                .sorted(Comparator.comparingLong(Submission::id).reversed()).toList();
        return Response.ok(Templates.mine(viewer, applications, submissions)).build();
    }
}
