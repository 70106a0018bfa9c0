package io.envhub.registry.page;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.api.EnvironmentPage;
import io.envhub.kit.error.ApiException;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/environments/{owner}/{name}/page}: the environment's page data in one call (the web page makes one
 * request instead of four), read in one transaction so the parts agree with each other; what only a change of the
 * environment can change is kept per index stamp ({@link EnvironmentPageService}).
 */
@Path("/api/v1/environments/{owner}/{name}/page")
@Produces(MediaType.APPLICATION_JSON)
public class EnvironmentPageResource {
    private final EnvironmentPageService pages;

    public EnvironmentPageResource(EnvironmentPageService pages) {
        this.pages = pages;
    }

    @GET
    @Operation(summary = "An environment's page data", description = "{environment, readme, versions, downloads}: the "
            + "answers of the environment, readme, versions and downloads?days=N (1..365, default 30) calls, in one.")
    public EnvironmentPage get(@PathParam("owner") String owner, @PathParam("name") String name,
                               @QueryParam("days") @DefaultValue("30") String days) {
        int n;
        try {
            n = Integer.parseInt(days.strip());
        } catch (NumberFormatException e) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DAYS, "days must be a whole number.");
        }
        return pages.page(owner, name, n);
    }
}
