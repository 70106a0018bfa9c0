package io.envhub.registry.error;

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

    @Override
    public Response toResponse(UnauthorizedException error) {
        return ProblemMapper.problem(new ApiException.SignInRequired("Sign in with a Keycloak token or a personal access token."),
                uri == null ? null : uri.getPath());
    }
}
