package io.envhub.kit.error;

import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Anonymous calls to {@code @Authenticated} endpoints: a 401 problem document with the challenge, instead of the
 * built-in mapper's empty body.
 */
@Provider
public class UnauthorizedMapper implements ExceptionMapper<UnauthorizedException> {
    @Context
    UriInfo uri;

    private final Problems problems;

    public UnauthorizedMapper(Problems problems) {
        this.problems = problems;
    }

    @Override
    public Response toResponse(UnauthorizedException error) {
        return problems.problem(new ApiException.SignInRequired("Sign in with a Keycloak token or a personal access token."),
                uri == null ? null : uri.getPath());
    }
}
