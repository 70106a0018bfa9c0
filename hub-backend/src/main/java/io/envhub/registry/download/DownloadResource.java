package io.envhub.registry.download;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.api.DayCount;
import io.envhub.registry.download.DownloadService.Target;
import io.envhub.kit.error.ApiException;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Downloads of an environment: the counted redirect to a version's wheel, and the daily chart. */
@Path("/api/v1/environments/{owner}/{name}")
public class DownloadResource {
    /** Header with the lower-case hex sha256 of the file behind the redirect. */
    public static final String CHECKSUM_HEADER = "X-Checksum-Sha256";

    private final DownloadService downloads;

    public DownloadResource(DownloadService downloads) {
        this.downloads = downloads;
    }

    @GET
    @Path("/versions/{version}/download")
    @Operation(summary = "Download a version's wheel",
            description = "Counts the download and answers 302 to a short-lived presigned URL; X-Checksum-Sha256 has the "
                    + "file's sha256. Yanked versions download when asked by exact version.")
    public Response download(@PathParam("owner") String owner, @PathParam("name") String name,
                             @PathParam("version") String version) {
        Target target = downloads.download(owner, name, version);
        return Response.status(Response.Status.FOUND).location(URI.create(target.url()))
                .header(CHECKSUM_HEADER, target.sha256())
                .header("Cache-Control", "no-store")
                .build();
    }

    @GET
    @Path("/downloads")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Downloads per day", description = "[{day, count}] for the last `days` UTC days (1..365, default "
            + "30), oldest first, days without downloads as 0.")
    public List<DayCount> history(@PathParam("owner") String owner, @PathParam("name") String name,
                                  @QueryParam("days") @DefaultValue("30") String days) {
        int n;
        try {
            n = Integer.parseInt(days.strip());
        } catch (NumberFormatException e) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DAYS, "days must be a whole number.");
        }
        return downloads.history(owner, name, n);
    }
}
