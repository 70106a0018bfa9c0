package io.envhub.kit.error;

import io.envhub.contract.Problem;
import io.envhub.contract.ProblemCode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/** Renders exceptions as problem responses through the {@link ErrorTable} (the kit's rows plus the service's). */
@ApplicationScoped
public class Problems {
    private static final Logger LOG = Logger.getLogger(Problems.class);
    /** A write that kept losing to concurrent ones changed nothing; it may succeed at once when sent again. */
    static final int WRITE_CONFLICT_RETRY_AFTER_SECONDS = 1;

    private final ErrorTable table;
    private final AuthChallenge challenge;
    private final List<ErrorRows> contributions = new ArrayList<>();

    public Problems(Instance<ErrorRows> contributions, Instance<AuthChallenge> challenges) {
        List<ErrorTable.Row> extra = new ArrayList<>();
        contributions.forEach(c -> {
            extra.addAll(c.rows());
            this.contributions.add(c);
        });
        this.table = new ErrorTable(extra);
        this.challenge = challenges.isResolvable() ? challenges.get() : path -> AuthChallenge.BEARER;
    }

    /** The problem response for an exception on a path; a 401 carries the challenge for that path. */
    public Response problem(Throwable error, String path) {
        ErrorTable.Row row = contributions.stream().flatMap(c -> c.match(error).stream()).findFirst()
                .orElseGet(() -> table.lookup(error));
        String detail;
        if (row.status() >= 500 && !(error instanceof ApiException)) {
            LOG.errorf(error, "request to %s failed", path == null ? "?" : path);
            // a row's own fixed detail is written for clients; an unexpected error's message is not
            detail = row.detail() != null ? row.detail() : "The server could not complete the request; it has been logged.";
        } else if (row.detail() != null) {
            LOG.debugf("request to %s: %s", path, row.type());
            detail = row.detail();
        } else {
            detail = error.getMessage();
        }
        Problem problem = new Problem(Problem.TYPE_PREFIX + row.type(), row.title(), row.status(), detail, path);
        Response.ResponseBuilder response = Response.status(row.status()).type(Problem.MEDIA_TYPE).entity(problem);
        if (error instanceof ApiException.TooManyRequests limited) {
            response.header("Retry-After", limited.retryAfterSeconds());
        } else if (ProblemCode.WRITE_CONFLICT.code().equals(row.type())) {
            response.header("Retry-After", WRITE_CONFLICT_RETRY_AFTER_SECONDS);
        }
        if (row.status() == 401) {
            response.header("WWW-Authenticate", challenge.challengeFor(path));
        }
        return response.build();
    }
}
