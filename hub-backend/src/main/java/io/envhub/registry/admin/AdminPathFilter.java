package io.envhub.registry.admin;

import io.envhub.kit.error.ApiException;
import io.envhub.kit.error.Problems;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Answers every request below {@code /api/v1/admin} from a caller without the realm role {@code admin} with a 404
 * problem, before routing: existing and unknown admin paths, every method, look the same to them.
 */
public class AdminPathFilter {
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
        return Optional.of(problems.problem(new ApiException.NotFound(AdminGate.NOT_FOUND), path));
    }

    /** Whether a raw request path is the admin API (or below it); dot segments and case tricks count as admin too. */
    static boolean isAdminPath(String rawPath) {
        String p = rawPath == null ? "" : rawPath.toLowerCase(java.util.Locale.ROOT).replace("%2f", "/").replace("%2e", ".");
        while (p.contains("//")) {
            p = p.replace("//", "/");
        }
        p = java.net.URI.create("http://x" + (p.startsWith("/") ? p : "/" + p).replaceAll("[^A-Za-z0-9/._~-]", "_"))
                .normalize().getPath();
        return p.equals(AdminGate.PREFIX) || p.startsWith(AdminGate.PREFIX + "/");
    }
}
