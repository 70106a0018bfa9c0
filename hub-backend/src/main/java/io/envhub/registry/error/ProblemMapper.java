package io.envhub.registry.error;

import io.envhub.registry.security.PersonalTokenMechanism;
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
        return problem(error, uri == null ? null : uri.getPath());
    }

    /** The problem response for an exception on a path; a 401 carries the challenge for that path. */
    static Response problem(Throwable error, String path) {
        ErrorTable.Row row = ErrorTable.lookup(error);
        String detail;
        if (row.status() >= 500) {
            LOG.errorf(error, "request to %s failed", path == null ? "?" : path);
            detail = "The server could not complete the request; it has been logged.";
        } else if ("invalid-json".equals(row.type())) {
            detail = InputProblems.detail(error);
        } else if ("invalid-characters".equals(row.type())) {
            detail = "A field or path segment contains a NUL byte or a character that cannot be stored.";
        } else if ("upload-interrupted".equals(row.type())) {
            LOG.debugf("upload to %s interrupted by the client", path);
            detail = "The connection closed before the upload finished; nothing was stored. Push again.";
        } else {
            detail = error.getMessage();
        }
        Problem problem = new Problem(Problem.TYPE_PREFIX + row.type(), row.title(), row.status(), detail, path);
        Response.ResponseBuilder response = Response.status(row.status()).type(Problem.MEDIA_TYPE).entity(problem);
        if (error instanceof ApiException.TooManyRequests limited) {
            response.header("Retry-After", limited.retryAfterSeconds());
        }
        if (row.status() == 401) {
            response.header("WWW-Authenticate", PersonalTokenMechanism.challengeFor(path));
        }
        return response.build();
    }
}
