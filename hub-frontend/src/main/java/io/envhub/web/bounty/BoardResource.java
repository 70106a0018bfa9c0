package io.envhub.web.bounty;

import io.envhub.contract.bounty.BountyJson.BountyPage;
import io.envhub.web.account.Viewer;
import io.envhub.web.security.Roles;
import io.envhub.web.settings.ApiProblem;
import io.envhub.web.view.AnonymousPages;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** {@code /bounties}: the bounty board, a plain GET form of filters over bounty-service's list. */
@Path("/bounties")
public class BoardResource {
    static final int PAGE_SIZE = 20;

    private final Viewer viewer;
    private final BountyClient bounties;
    private final AnonymousPages cache;

    public BoardResource(Viewer viewer, BountyClient bounties, AnonymousPages cache) {
        this.viewer = viewer;
        this.bounties = bounties;
        this.cache = cache;
    }

    /** Paging of the board. */
    public record Paging(int page, int last) {
        static Paging of(BountyPage result) {
            int last = (int) Math.max(1, (result.total() + PAGE_SIZE - 1) / PAGE_SIZE);
            return new Paging(Math.max(1, result.page()), last);
        }

        /** Whether there is a page before this one. */
        public boolean hasPrevious() {
            return page > 1;
        }

        /** The page before this one. */
        public int previous() {
            return page - 1;
        }

        /** The page after this one. */
        public int next() {
            return page + 1;
        }

        /** Whether there is a page after this one. */
        public boolean hasNext() {
            return page < last;
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance board(Viewer viewer, BoardQuery query, BountyPage result, Paging paging,
                                             boolean sponsor, String problem);
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response board(@QueryParam("status") String status, @QueryParam("tier") String tier,
                          @QueryParam("domain") String domain, @QueryParam("min") String min,
                          @QueryParam("max") String max, @QueryParam("sort") String sort,
                          @QueryParam("page") String page, @Context UriInfo uri) {
        BoardQuery query = BoardQuery.of(status, tier, domain, min, max, sort, page);
        return cache.page(!viewer.signedIn(), uri.getRequestUri(), () -> render(query));
    }

    private Response render(BoardQuery query) {
        String bearer = viewer.bearer();
        boolean sponsor = Roles.sponsor(bearer);
        try {
            BountyPage result = ApiProblem.call(() -> bounties.list(bearer, query.apiStatus(), query.tier(),
                    query.domain(), query.minRewardMinor(), query.maxRewardMinor(), null, query.sort(), query.page(),
                    PAGE_SIZE));
            return Response.ok(Templates.board(viewer, query, result, Paging.of(result), sponsor, null).render()).build();
        } catch (ApiProblem.Refused e) {
            int code = e.problem().invalid() ? 400 : ApiProblem.UNREACHABLE;
            return Response.status(code).entity(Templates.board(viewer, query, null, null, sponsor,
                    e.problem().detail())).build();
        }
    }
}
