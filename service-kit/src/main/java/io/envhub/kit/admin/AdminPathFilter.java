package io.envhub.kit.admin;

import io.envhub.kit.error.ApiException;
import io.envhub.kit.error.Problems;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Answers every request below {@code /api/v1/admin} from a caller without the realm role {@code admin} with a 404
 * problem, before routing, in every service that uses the kit: existing and unknown admin paths, every method, look
 * the same to them.
 */
public class AdminPathFilter {
    /** The path prefix of the admin API. */
    public static final String PREFIX = "/api/v1/admin";
    /** The detail of every refusal: the same as for a path that does not exist. */
    public static final String NOT_FOUND = "There is nothing at this address.";

    private final Problems problems;

    public AdminPathFilter(Problems problems) {
        this.problems = problems;
    }

    @ServerRequestFilter(preMatching = true)
    public Optional<Response> hideAdminApi(ContainerRequestContext ctx) {
        String path = ctx.getUriInfo().getRequestUri().getRawPath();
        if (!isAdminPath(path)) {
            return Optional.empty();
        }
        var security = ctx.getSecurityContext();
        if (security != null && security.getUserPrincipal() != null && security.isUserInRole("admin")) {
            return Optional.empty();
        }
        return Optional.of(problems.problem(new ApiException.NotFound(NOT_FOUND), path));
    }

    static boolean isAdminPath(String rawPath) {
        String p = rawPath == null ? "" : rawPath.toLowerCase(Locale.ROOT).replace("%2f", "/").replace("%2e", ".");
        while (p.contains("//")) {
            p = p.replace("//", "/");
        }
        p = URI.create("http://x" + (p.startsWith("/") ? p : "/" + p).replaceAll("[^A-Za-z0-9/._~-]", "_")).normalize().getPath();
        return p.equals(PREFIX) || p.startsWith(PREFIX + "/");
    }
}
