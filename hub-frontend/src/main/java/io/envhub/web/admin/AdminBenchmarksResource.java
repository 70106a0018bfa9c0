package io.envhub.web.admin;

import io.envhub.contract.api.ReferenceSet;
import io.envhub.web.account.Viewer;
import io.envhub.web.error.Problems;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.List;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;

/**
 * {@code /admin/benchmarks}: the reference benchmarks every validation is compared with (hub-backend's
 * {@code /api/v1/admin/reference-sets}): the registered sets with the progress of the re-check each one queued, a
 * form that registers a set from a JSONL file, and removal. Admins only (404 for everyone else, as hub-backend answers).
 */
@Path("/admin/benchmarks")
@Produces(MediaType.TEXT_HTML)
public class AdminBenchmarksResource {
    /** The notice scope of this page. */
    static final String SCOPE = "/admin/benchmarks";

    private final Viewer viewer;
    private final AdminGate gate;
    private final AdminClient admin;

    public AdminBenchmarksResource(Viewer viewer, AdminGate gate, AdminClient admin) {
        this.viewer = viewer;
        this.gate = gate;
        this.admin = admin;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance benchmarks(Viewer viewer, List<ReferenceSet> sets, String problem,
                                                  Notice.Shown notice);
    }

    @GET
    public Response page(@CookieParam(Notice.COOKIE) String noticeCookie) {
        String bearer = gate.bearer();
        List<ReferenceSet> sets = List.of();
        String problem = null;
        try {
            sets = admin.referenceSets(bearer);
        } catch (WebApplicationException | ProcessingException e) {
            problem = "The hub did not answer with the reference benchmarks; try again.";
        }
        Notice.Shown notice = Notice.read(noticeCookie);
        return Notice.clearOn(Response.ok(Templates.benchmarks(viewer, sets, problem, notice)), SCOPE, notice).build();
    }

    /** Registers a set from the uploaded JSONL file; the hub's refusal (a bad line, a taken name) comes back inline. */
    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Response add(@RestForm String name, @RestForm String sourceUrl, @RestForm String licence,
                        @RestForm FileUpload items) {
        String bearer = gate.bearer();
        if (items == null || items.size() == 0) {
            return done("Choose the JSONL file of the benchmark's items.", true);
        }
        try (InputStream in = Files.newInputStream(items.uploadedFile())) {
            ReferenceSet set = admin.addReferenceSet(bearer, blankToNull(name), blankToNull(sourceUrl),
                    blankToNull(licence), in);
            return done(set.name() + " registered: " + set.items() + " items fingerprinted; " + set.recheck().total()
                    + " stored reports are being re-checked.", false);
        } catch (WebApplicationException e) {
            String detail = Problems.detail(e);
            return done(detail != null ? detail : "The hub refused it (" + Problems.status(e) + ").", true);
        } catch (ProcessingException | IOException e) {
            return done("The hub is not reachable right now; nothing was registered. Try again.", true);
        }
    }

    @POST
    @Path("/{name}/delete")
    public Response delete(@PathParam("name") String name) {
        String bearer = gate.bearer();
        try {
            admin.removeReferenceSet(bearer, name);
            return done(name + " removed; the reports that named it are being re-checked.", false);
        } catch (WebApplicationException e) {
            String detail = Problems.detail(e);
            return done(detail != null ? detail : "The hub refused it (" + Problems.status(e) + ").", true);
        } catch (ProcessingException e) {
            return done("The hub is not reachable right now; nothing was removed. Try again.", true);
        }
    }

    private static Response done(String message, boolean error) {
        return Notice.redirect(SCOPE, SCOPE, message, error);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
