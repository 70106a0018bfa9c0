package io.envhub.registry.error;

import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.Logger;

/** Turns every exception into {@code application/problem+json}; never a stack trace to the client. */
@Provider
public class ProblemMapper implements ExceptionMapper<Throwable> {
    private static final Logger LOG = Logger.getLogger(ProblemMapper.class);

    @Context
    UriInfo uri;

    @Override
    public Response toResponse(Throwable error) {
        ErrorTable.Row row = ErrorTable.lookup(error);
        String detail;
        if (row.status() >= 500) {
            LOG.errorf(error, "request to %s failed", uri == null ? "?" : uri.getPath());
            detail = "The server could not complete the request; it has been logged.";
        } else {
            detail = error.getMessage();
        }
        Problem problem = new Problem(Problem.TYPE_PREFIX + row.type(), row.title(), row.status(), detail,
                uri == null ? null : uri.getPath());
        return Response.status(row.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
    }
}
