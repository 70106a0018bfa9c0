package io.envhub.web.environment;

import io.envhub.contract.api.VersionFile;
import io.envhub.web.view.Names;
import io.envhub.web.account.Viewer;
import io.envhub.web.error.ErrorPage;
import io.envhub.web.error.ErrorPages;
import io.envhub.web.error.Problems;
import io.envhub.web.hub.HubClient;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.VersionDetail;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** A version's page (validation and trust report, files), a file's text, and the counted download redirect. */
@Path("/")
public class VersionResource {
    private final Viewer viewer;
    private final HubClient hub;
    private final ErrorPages errors;

    public VersionResource(Viewer viewer, HubClient hub, ErrorPages errors) {
        this.viewer = viewer;
        this.hub = hub;
        this.errors = errors;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance version(Viewer viewer, EnvironmentDetail env, VersionDetail version, ReportView report,
                                               List<VersionFile> files, String target);

        static native TemplateInstance file(Viewer viewer, EnvironmentDetail env, VersionDetail version, String path, String text,
                                            boolean truncated, String size, String problem);
    }

    @GET
    @Path(Names.VERSION_PAGE)
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance version(@PathParam("owner") String owner, @PathParam("name") String name,
                                    @PathParam("version") String version) {
        String bearer = viewer.bearer();
        EnvironmentDetail env = hub.environment(bearer, owner, name);
        VersionDetail v = hub.version(bearer, env.owner(), env.name(), version);
        ReportView report = null;
        try {
            report = ReportView.of(hub.report(bearer, env.owner(), env.name(), v.version()));
        } catch (WebApplicationException e) {
            if (Problems.status(e) != 404) {
                throw e;
            }
        }
        return Templates.version(viewer, env, v, report, hub.files(bearer, env.owner(), env.name(), v.version()),
                env.owner() + "/" + env.name() + "@" + v.version());
    }

    @GET
    @Path(Names.VERSION_PAGE + "/files/{path: .+}")
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance file(@PathParam("owner") String owner, @PathParam("name") String name,
                                 @PathParam("version") String version, @PathParam("path") String path) {
        String bearer = viewer.bearer();
        EnvironmentDetail env = hub.environment(bearer, owner, name);
        VersionDetail v = hub.version(bearer, env.owner(), env.name(), version);
        try {
            HubClient.FileText text = hub.fileText(bearer, env.owner(), env.name(), v.version(), path);
            return Templates.file(viewer, env, v, path, text.text(), text.truncated(), text.size(), null);
        } catch (WebApplicationException e) {
            if (Problems.status(e) != 415) {
                throw e;
            }
            return Templates.file(viewer, env, v, path, null, false, null, "This file is not UTF-8 text, so it is not shown.");
        }
    }

    /** Counts a download through the backend (with the viewer's token) and sends the browser to the presigned URL. */
    @GET
    @Path(Names.VERSION_PAGE + "/download")
    public Response download(@PathParam("owner") String owner, @PathParam("name") String name,
                             @PathParam("version") String version) {
        HubClient.Download res;
        try {
            res = hub.download(viewer.bearer(), owner, name, version);
        } catch (WebApplicationException e) {
            if (Problems.status(e) != 451) {
                throw e;
            }
            // quarantined: a page with the backend's reason, status 451 (issue 36 item 10)
            return errors.render(ErrorPage.forStatus(451, Problems.detail(e)));
        }
        if (res.status() != 302 || res.location() == null) {
            throw new WebApplicationException("download answered " + res.status(), 502);
        }
        Response.ResponseBuilder out = Response.status(Response.Status.FOUND).header("Location", res.location())
                .header("Cache-Control", "no-store");
        if (res.sha256() != null) {
            out.header("X-Checksum-Sha256", res.sha256());
        }
        return out.build();
    }
}
