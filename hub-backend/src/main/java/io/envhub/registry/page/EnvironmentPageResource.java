package io.envhub.registry.page;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.download.DownloadService;
import io.envhub.registry.environment.EnvironmentService;
import io.envhub.registry.environment.EnvironmentViews.Detail;
import io.envhub.registry.version.VersionService;
import jakarta.transaction.Transactional;
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
 * request instead of four), read in one transaction so the parts agree with each other.
 */
@Path("/api/v1/environments/{owner}/{name}/page")
@Produces(MediaType.APPLICATION_JSON)
public class EnvironmentPageResource {
    private final EnvironmentService environments;
    private final VersionService versions;
    private final DownloadService downloads;

    public EnvironmentPageResource(EnvironmentService environments, VersionService versions, DownloadService downloads) {
        this.environments = environments;
        this.versions = versions;
        this.downloads = downloads;
    }

    @GET
    @Transactional
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
        Detail env = environments.detail(owner, name);
        return new EnvironmentPage(env, environments.readme(env.owner(), env.name()),
                versions.list(env.owner(), env.name()), downloads.history(env.owner(), env.name(), n));
    }
}
