package io.envhub.registry.index;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.name.ProjectName;
import io.envhub.kit.error.ApiException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The package index for pip and uv: one PEP 503 / PEP 691 simple repository per owner, at {@code /simple/{owner}/}
 * (environment names are unique per owner only). Pages come as HTML or JSON by content negotiation; file links point
 * back here, where a download is counted and redirected to a short-lived presigned object URL. Only validated versions
 * are served; names the owner does not publish fall back to the upstream index ({@link UpstreamFallback}).
 */
@Path("/simple")
public class IndexResource {
    private static final String METADATA_SUFFIX = ".metadata";
    private static final String IMMUTABLE = "max-age=31536000, immutable";

    private final IndexService index;
    private final ObjectMapper json;

    public IndexResource(IndexService index, ObjectMapper json) {
        this.index = index;
        this.json = json;
    }

    @GET
    @Operation(summary = "No global index", description = "Each owner has its own index at /simple/{owner}/.")
    public Response everyone() {
        throw new ApiException.NotFound("Each owner has its own index: use /simple/{owner}/ as pip's --index-url.");
    }

    @GET
    @Path("{owner}")
    @Operation(summary = "An owner's index root", description = "PEP 503 HTML or PEP 691 JSON (Accept: "
            + "application/vnd.pypi.simple.v1+json) listing the owner's projects the caller may see.")
    public Response owner(@PathParam("owner") String owner, @HeaderParam(HttpHeaders.ACCEPT) String accept,
                          @QueryParam("format") String format, @Context HttpServerRequest request) {
        if (!request.path().endsWith("/")) {
            return redirect(IndexUrls.owner(owner), request);
        }
        SimpleFormat answer = negotiate(accept, format);
        OwnerIndex root = index.ownerIndex(owner);
        if (!root.owner().equals(owner)) {
            return redirect(IndexUrls.owner(root.owner()), request);
        }
        return page(answer, answer.isJson() ? write(SimpleJson.root(root)) : SimpleHtml.root(root));
    }

    @GET
    @Path("{owner}/{name}")
    @Operation(summary = "A project's files", description = "Every file of every validated version (yanked ones marked; "
            + "pending, validating, failed and errored versions are not served), with sha256, Requires-Python and PEP 658 "
            + "metadata hashes; PEP 503 HTML or PEP 691 JSON, with an ETag (If-None-Match answers 304). "
            + "Non-normalized names redirect. A name the owner does not "
            + "publish answers 302 to the upstream index's page (ENVHUB_UPSTREAM_INDEX), when configured.")
    public Response project(@PathParam("owner") String owner, @PathParam("name") String name,
                            @HeaderParam(HttpHeaders.ACCEPT) String accept, @QueryParam("format") String format,
                            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch, @Context HttpServerRequest request) {
        String normalized = ProjectName.normalize(name);
        if (!normalized.equals(name) || !request.path().endsWith("/")) {
            return redirect(IndexUrls.project(owner, normalized), request);
        }
        SimpleFormat answer = negotiate(accept, format);
        ProjectAnswer found = index.project(owner, normalized);
        if (found.upstreamUrl() != null) {
            return Response.status(Response.Status.FOUND).header(HttpHeaders.LOCATION, found.upstreamUrl())
                    .header(HttpHeaders.CACHE_CONTROL, "no-store").build();
        }
        RenderedProject page = found.page();
        if (!page.owner().equals(owner)) {
            return redirect(IndexUrls.project(page.owner(), normalized), request);
        }
        String etag = page.etag(answer);
        // public pages: any cache may keep them but must ask again (a 304 when unchanged), so a yank shows at once
        String cacheControl = page.isPublic() ? "public, max-age=0, must-revalidate" : "private, no-cache";
        if (matches(ifNoneMatch, etag)) {
            return Response.notModified().header(HttpHeaders.ETAG, etag).header(HttpHeaders.CACHE_CONTROL, cacheControl)
                    .header(HttpHeaders.VARY, HttpHeaders.ACCEPT).build();
        }
        return Response.ok(page.body(answer)).header(HttpHeaders.CONTENT_TYPE, answer.contentType())
                .header(HttpHeaders.VARY, HttpHeaders.ACCEPT).header(HttpHeaders.ETAG, etag)
                .header(HttpHeaders.CACHE_CONTROL, cacheControl).build();
    }

    @GET
    @Path("{owner}/{name}/{file}")
    @Operation(summary = "Download a file, or its metadata", description = "A wheel: counts the download and answers 302 to "
            + "a short-lived presigned URL. '{wheel}.metadata': the wheel's METADATA (PEP 658), whose sha256 the pages announce.")
    public Response file(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("file") String file,
                         @Context HttpServerRequest request) {
        String normalized = ProjectName.normalize(name);
        if (file.endsWith(METADATA_SUFFIX)) {
            IndexService.Metadata metadata = index.metadata(owner, normalized,
                    file.substring(0, file.length() - METADATA_SUFFIX.length()));
            return Response.ok(metadata.text()).type("text/plain; charset=utf-8")
                    .header(HttpHeaders.CACHE_CONTROL, (metadata.isPublic() ? "public, " : "private, ") + IMMUTABLE).build();
        }
        IndexService.Download download = index.download(owner, normalized, file, !HttpMethod.HEAD.equals(request.method()));
        return Response.status(Response.Status.FOUND).header(HttpHeaders.LOCATION, download.url())
                .header(HttpHeaders.CACHE_CONTROL, "no-store").build();
    }

    private static SimpleFormat negotiate(String accept, String format) {
        return SimpleFormat.negotiate(format != null && !format.isBlank() ? format : accept)
                .orElseThrow(() -> new NotAcceptableException("This index answers in text/html, "
                        + "application/vnd.pypi.simple.v1+html or application/vnd.pypi.simple.v1+json."));
    }

    /** Whether an If-None-Match header names this entity tag (or is {@code *}); weak tags compare by their value. */
    static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null || ifNoneMatch.isBlank()) {
            return false;
        }
        for (String candidate : ifNoneMatch.split(",")) {
            String tag = candidate.strip();
            if (tag.startsWith("W/")) {
                tag = tag.substring(2);
            }
            if (tag.equals("*") || tag.equals(etag)) {
                return true;
            }
        }
        return false;
    }

    private static Response page(SimpleFormat format, String body) {
        return Response.ok(body).header(HttpHeaders.CONTENT_TYPE, format.contentType()).header(HttpHeaders.VARY, HttpHeaders.ACCEPT)
                .build();
    }

    /** A permanent redirect to a root-relative location (the query string kept), as PyPI does for its simple pages. */
    private static Response redirect(String location, HttpServerRequest request) {
        String query = request.query();
        return Response.status(Response.Status.MOVED_PERMANENTLY)
                .header(HttpHeaders.LOCATION, query == null || query.isEmpty() ? location : location + "?" + query).build();
    }

    private String write(Object document) {
        try {
            return json.writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the index document", e);
        }
    }
}
