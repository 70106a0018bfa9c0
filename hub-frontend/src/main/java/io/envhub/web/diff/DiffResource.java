package io.envhub.web.diff;

import io.envhub.contract.api.VersionSummary;
import io.envhub.web.account.Viewer;
import io.envhub.web.view.Names;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code /{owner}/{name}/diff/{from}...{to}}: what changed between two versions (files with their diffs, README,
 * dependencies, metadata, validation), and {@code /{owner}/{name}/compare?from=&to=}, which picks the version before
 * {@code to} when {@code from} is not given and redirects to the diff page (the version page and the compare form use it).
 */
@Path("/")
public class DiffResource {
    private static final String SEPARATOR = "...";

    private final Viewer viewer;
    private final DiffClient hub;

    public DiffResource(Viewer viewer, DiffClient hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance diff(Viewer viewer, DiffView page, List<VersionSummary> versions);
    }

    @GET
    @Path(Names.ENVIRONMENT + "/diff/{range}")
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance diff(@PathParam("owner") String owner, @PathParam("name") String name,
                                 @PathParam("range") String range) {
        int at = range.indexOf(SEPARATOR);
        if (at <= 0 || at + SEPARATOR.length() >= range.length()) {
            throw new NotFoundException();
        }
        String bearer = viewer.bearer();
        var diff = hub.diff(bearer, owner, name, range.substring(0, at), range.substring(at + SEPARATOR.length()));
        return Templates.diff(viewer, DiffView.of(owner, name, diff), hub.versions(bearer, owner, name));
    }

    @GET
    @Path(Names.ENVIRONMENT + "/compare")
    public Response compare(@PathParam("owner") String owner, @PathParam("name") String name,
                            @QueryParam("from") String from, @QueryParam("to") String to) {
        List<VersionSummary> versions = hub.versions(viewer.bearer(), owner, name);
        if (versions.isEmpty()) {
            throw new NotFoundException();
        }
        String newer = to == null || to.isBlank() ? versions.get(0).version() : to.strip();
        String older = from == null || from.isBlank() ? previous(versions, newer) : from.strip();
        if (older == null) {
            older = newer; // the first version: compared with itself, the page says so
        }
        return Response.seeOther(URI.create("/" + enc(owner) + "/" + enc(name) + "/diff/" + enc(older) + SEPARATOR + enc(newer)))
                .build();
    }

    /** The version published before {@code version} in PEP 440 order (the list is newest first), or null. */
    static String previous(List<VersionSummary> newestFirst, String version) {
        for (int i = 0; i < newestFirst.size() - 1; i++) {
            if (newestFirst.get(i).version().equals(version)) {
                return newestFirst.get(i + 1).version();
            }
        }
        return null;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
