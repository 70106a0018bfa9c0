package io.envhub.registry.search;

import io.envhub.contract.api.SearchPage;
import io.envhub.registry.security.AccessPolicy;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/environments}: list and search the environments the caller may read. */
@Path("/api/v1/environments")
public class SearchResource {
    private final SearchService search;
    private final AccessPolicy access;

    public SearchResource(SearchService search, AccessPolicy access) {
        this.search = search;
        this.access = access;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "List and search environments",
            description = "q: words (full text over name, tags, summary and README; typos in names are tolerated); "
                    + "tag (repeatable, all must match); owner; sort: relevance (default with q), downloads (default), "
                    + "stars, recent, name, trending (downloads over the last 7 days, then total downloads); page (from 1); "
                    + "size (1..100, default 20); validated=true: only environments with a validated version; task: "
                    + "single-turn, multi-turn or tool-use (a required tag); status: verified, flagged, static-only, "
                    + "failed, validating or error (the environment's verdict: its newest validated version's, else its "
                    + "latest version's; repeat it or separate codes with commas: any of them matches). Total, tag facets "
                    + "and task facets cover the whole result; facets.statuses counts each verdict over the matches of "
                    + "every filter but status. domain: one of the shared research domains (medicine, biology, ..., a "
                    + "required tag; facets.domains counts them); license: the licence as declared, ignoring case "
                    + "(facets.licenses: the most common ones).")
    public SearchPage list(@QueryParam("q") String q, @QueryParam("tag") List<String> tags, @QueryParam("owner") String owner,
                             @QueryParam("sort") String sort, @QueryParam("page") String page, @QueryParam("size") String size,
                             @QueryParam("validated") String validated, @QueryParam("task") String task,
                             @QueryParam("status") List<String> status, @QueryParam("domain") String domain,
                             @QueryParam("license") String license) {
        return search.search(SearchRequest.parse(q, tags, owner, sort, page, size, validated, task, status, domain, license),
                access.readScope());
    }
}
