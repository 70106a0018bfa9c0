package io.envhub.web.bounty;

import io.envhub.contract.bounty.BountyJson.Application;
import io.envhub.contract.bounty.BountyJson.ApplicationRequest;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.contract.bounty.BountyJson.SubmissionRequest;
import io.envhub.web.account.Viewer;
import io.envhub.web.hub.SettingsClient;
import io.envhub.contract.api.Readme;
import io.envhub.web.settings.ApiProblem;
import io.envhub.web.view.ReadmeRenderer;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /bounties/{id}}: a bounty's page, and the contributor's forms on it (apply, submit, resubmit, withdraw); each
 * post goes to bounty-service with the viewer's token and a refusal is shown next to the form it concerns.
 */
@Path("/bounties/{id}")
@Produces(MediaType.TEXT_HTML)
public class BountyResource {
    /** Longest proposal bounty-service accepts (10 KB). */
    static final int MAX_PROPOSAL = 10 * 1024;

    private final Viewer viewer;
    private final BountyClient bounties;
    private final SettingsClient hub;
    private final ReadmeRenderer markdown;

    public BountyResource(Viewer viewer, BountyClient bounties, SettingsClient hub,
                          ReadmeRenderer markdown) {
        this.viewer = viewer;
        this.bounties = bounties;
        this.hub = hub;
        this.markdown = markdown;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance bounty(Viewer viewer, BountyPage page);
    }

    @GET
    public Response show(@PathParam("id") long id, @QueryParam("done") String done) {
        return page(id, Response.Status.OK.getStatusCode(), null, Map.of(), Done.message(done));
    }

    @POST
    @Path("/apply")
    public Response apply(@PathParam("id") long id, @RestForm String proposal) {
        String text = proposal == null ? "" : proposal.strip();
        if (text.isEmpty()) {
            return page(id, 400, text, Map.of("apply", "Write a proposal: how you will build it, and why you."), null);
        }
        if (text.length() > MAX_PROPOSAL) {
            return page(id, 400, text, Map.of("apply", "The proposal may have at most 10 KB."), null);
        }
        return post(id, "apply", text, () -> bounties.apply(bearer(), id, new ApplicationRequest(text)), "applied");
    }

    @POST
    @Path("/submit")
    public Response submit(@PathParam("id") long id, @RestForm String version) {
        SubmissionRequest request = parse(version);
        if (request == null) {
            return page(id, 400, null, Map.of("submit", "Choose one of your validated versions."), null);
        }
        String refused = ineligible(id, version);
        if (refused != null) {
            return page(id, 409, null, Map.of("submit", refused), null);
        }
        return post(id, "submit", null, () -> bounties.submit(bearer(), id, request), "submitted");
    }

    @POST
    @Path("/resubmit")
    public Response resubmit(@PathParam("id") long id, @RestForm long submission, @RestForm String version) {
        SubmissionRequest request = parse(version);
        if (request == null) {
            return page(id, 400, null, Map.of("resubmit", "Choose one of your validated versions."), null);
        }
        String refused = ineligible(id, version);
        if (refused != null) {
            return page(id, 409, null, Map.of("resubmit", refused), null);
        }
        return post(id, "resubmit", null, () -> bounties.resubmit(bearer(), submission, request), "resubmitted");
    }

    @POST
    @Path("/withdraw-application")
    public Response withdrawApplication(@PathParam("id") long id, @RestForm long application) {
        return post(id, "application", null, () -> bounties.withdrawApplication(bearer(), id, application),
                "app-withdrawn");
    }

    @POST
    @Path("/withdraw-submission")
    public Response withdrawSubmission(@PathParam("id") long id, @RestForm long submission) {
        return post(id, "submission", null, () -> bounties.withdrawSubmission(bearer(), submission), "sub-withdrawn");
    }

    private String bearer() {
        if (!viewer.signedIn()) {
            throw new UnauthorizedException();
        }
        return viewer.bearer();
    }

    private Response post(long id, String form, String proposal, Supplier<Object> call, String done) {
        try {
            ApiProblem.call(call);
        } catch (ApiProblem.Refused e) {
            if (e.problem().notFound() && "apply".equals(form)) {
                throw new NotFoundException();
            }
            int status = e.problem().status() >= 500 ? ApiProblem.UNREACHABLE : e.problem().status();
            return page(id, status, proposal, Map.of(form, e.problem().detail()), null);
        }
        return Done.redirect("/bounties/" + id, done);
    }

    /** {@code owner/name@version} from the submit form's select. */
    static SubmissionRequest parse(String ref) {
        if (ref == null) {
            return null;
        }
        int at = ref.lastIndexOf('@');
        int slash = ref.indexOf('/');
        if (slash <= 0 || at <= slash + 1 || at == ref.length() - 1) {
            return null;
        }
        return new SubmissionRequest(ref.substring(0, at), ref.substring(at + 1));
    }

    private Response page(long id, int status, String proposal, Map<String, String> errors, String done) {
        String bearer = viewer.bearer();
        boolean signedIn = viewer.signedIn();
        CompletableFuture<List<Application>> mine = signedIn ? quiet(bounties.myApplications(bearer)) : none();
        CompletableFuture<List<Submission>> myWork = signedIn ? quiet(bounties.mySubmissions(bearer)) : none();
        Bounty bounty = bounties.bounty(bearer, id);
        List<String> versions = signedIn ? ownVersions(bearer, bounty) : List.of();
        String html = markdown.render(new Readme("text/markdown", bounty.description()));
        Application application = mine.join().stream().filter(a -> a.bountyId() == id)
                .max(Comparator.comparingLong(Application::id)).orElse(null);
        Submission submission = myWork.join().stream().filter(s -> s.bountyId() == id)
                .max(Comparator.comparingLong(Submission::id)).orElse(null);
        boolean owner = signedIn && viewer.username().equals(bounty.sponsor());
        BountyPage page = new BountyPage(bounty, html, application, submission, versions, owner, signedIn,
                proposal, errors, done);
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE).entity(Templates.bounty(viewer, page)).build();
    }

    /** The versions the viewer may submit to {@code bounty} ({@link EligibleVersions}), none when the hub did not answer. */
    private List<String> ownVersions(String bearer, Bounty bounty) {
        try {
            return EligibleVersions.of(hub.ownEnvironments(bearer), bounty);
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    /** Why {@code ref} may not be submitted to bounty {@code id} from the form (not among those offered), or null. */
    private String ineligible(long id, String ref) {
        String bearer = bearer();
        if (ownVersions(bearer, bounties.bounty(bearer, id)).contains(ref)) {
            return null;
        }
        return ref + " is not eligible for this bounty: submit the newest validated version of an environment you publish,"
                + " runtime verified (not static checks only), neither yanked nor quarantined, with the bounty's required tags.";
    }

    private static <T> CompletableFuture<List<T>> quiet(CompletionStage<List<T>> call) {
        return call.toCompletableFuture().exceptionally(e -> List.of());
    }

    private static <T> CompletableFuture<List<T>> none() {
        return CompletableFuture.completedFuture(List.of());
    }
}
