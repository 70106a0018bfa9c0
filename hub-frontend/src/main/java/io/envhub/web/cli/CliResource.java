package io.envhub.web.cli;

import io.envhub.web.account.Viewer;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/**
 * {@code /cli}: the envhub CLI from this hub. The page (install command, downloads with size and sha256, what Java it
 * needs), the installer {@code /cli/install.sh}, and the archives {@code /cli/envhub-cli.tar.gz} (and the Linux x86-64
 * build with its own Java) each with a {@code .sha256} file in sha256sum's format.
 */
@Path("/cli")
public class CliResource {
    private static final String SHA256_SUFFIX = ".sha256";

    private final Viewer viewer;
    private final CliDistribution dist;
    private final InstallScript script;

    public CliResource(Viewer viewer, CliDistribution dist, InstallScript script) {
        this.viewer = viewer;
        this.dist = dist;
        this.script = script;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance cli(Viewer viewer, String web, List<CliDistribution.Download> downloads);
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance page(@Context UriInfo uri) {
        return Templates.cli(viewer, script.webUrl(uri.getBaseUri()), dist.downloads());
    }

    @GET
    @Path("install.sh")
    @Produces("text/x-shellscript; charset=utf-8")
    public Response installer(@Context UriInfo uri) {
        return Response.ok(script.render(script.webUrl(uri.getBaseUri()))).header("Cache-Control", "no-cache").build();
    }

    @GET
    @Path("{file}")
    public Response file(@PathParam("file") String file) {
        if (file.endsWith(SHA256_SUFFIX)) {
            CliDistribution.Download d = dist.byName(file.substring(0, file.length() - SHA256_SUFFIX.length()))
                    .orElseThrow(NotFoundException::new);
            return Response.ok(d.sha256() + "  " + d.filename() + "\n", MediaType.TEXT_PLAIN_TYPE.withCharset("utf-8"))
                    .header("Cache-Control", "no-cache").build();
        }
        CliDistribution.Download d = dist.byName(file).orElseThrow(NotFoundException::new);
        return Response.ok(d.path().toFile(), "application/gzip")
                .header("Content-Disposition", "attachment; filename=\"" + d.filename() + "\"")
                .header("ETag", "\"" + d.sha256() + "\"").header("Cache-Control", "no-cache").build();
    }
}
