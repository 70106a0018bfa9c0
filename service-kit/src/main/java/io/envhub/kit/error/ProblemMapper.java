package io.envhub.kit.error;

import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Turns every exception into {@code application/problem+json}; never a stack trace to the client. */
@Provider
public class ProblemMapper implements ExceptionMapper<Throwable> {
    @Context
    UriInfo uri;

    private final Problems problems;

    public ProblemMapper(Problems problems) {
        this.problems = problems;
    }

    @Override
    public Response toResponse(Throwable error) {
        return problems.problem(error, uri == null ? null : uri.getPath());
    }
}
