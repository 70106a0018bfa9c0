package io.envhub.web.settings;

import io.envhub.contract.Problem;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.http.ProblemException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Why a call to hub-backend was refused, read from its problem+json answer: the HTTP status, the stable problem code
 * (the last segment of {@code type}, e.g. {@code invalid-token-name}) and the human {@code detail}.
 *
 * @param status HTTP status; {@value #UNREACHABLE} when the API did not answer
 * @param code problem code, empty when the answer had none
 * @param detail text for people, never null
 */
public record ApiProblem(int status, String code, String detail) {
    /** Status used when the hub API could not be reached at all. */
    public static final int UNREACHABLE = 502;

    private static final Logger LOG = Logger.getLogger(ApiProblem.class);

    /** A refusal of the hub API, thrown by {@link #call(Supplier)}. */
    public static final class Refused extends RuntimeException {
        private final transient ApiProblem problem;

        Refused(ApiProblem problem) {
            super(problem.status() + " " + problem.code(), null, false, false);
            this.problem = problem;
        }

        /** The problem the API answered with. */
        public ApiProblem problem() {
            return problem;
        }
    }

    /** Runs a hub API call; a refusal or an unreachable API becomes {@link Refused}. */
    public static <T> T call(Supplier<T> call) {
        try {
            return call.get();
        } catch (WebApplicationException e) {
            throw new Refused(of(e));
        } catch (ProcessingException e) {
            LOG.warnf("hub API unreachable: %s", e.getMessage());
            throw new Refused(new ApiProblem(UNREACHABLE, "unreachable", "The hub API is not reachable right now; try again."));
        }
    }

    /** Runs a hub API call that answers nothing. */
    public static void run(Runnable call) {
        call(() -> {
            call.run();
            return null;
        });
    }

    /** The catalogue entry of {@link #code()}; empty for a code the catalogue does not know (or none). */
    public Optional<ProblemCode> known() {
        return ProblemCode.find(code);
    }

    /**
     * The problem of a refused call: the document a {@code ServiceJson} client already read (the exception's
     * {@link ProblemException} cause), else the one in the exception's response.
     */
    static ApiProblem of(WebApplicationException e) {
        if (e.getCause() instanceof ProblemException refused) {
            Problem body = refused.problem();
            String detail = body.detail() == null || body.detail().isBlank()
                    ? "The hub API answered " + refused.status() + "." : body.detail();
            return new ApiProblem(refused.status(), body.code(), detail);
        }
        return of(e.getResponse());
    }

    /** Reads the problem document of an error response (tolerating an answer that is not one). */
    static ApiProblem of(Response response) {
        int status = response.getStatus();
        String code = "";
        String detail = "";
        try {
            Problem body = response.readEntity(Problem.class);
            if (body != null) {
                code = body.code();
                detail = body.detail() == null ? "" : body.detail();
            }
        } catch (RuntimeException e) {
            LOG.debugf("hub API answered %d without a readable problem document", status);
        }
        if (detail.isBlank()) {
            detail = "The hub API answered " + status + ".";
        }
        return new ApiProblem(status, code, detail);
    }

    /** Whether the API said "not found" (or "private": the same thing to this caller). */
    public boolean notFound() {
        return status == 404;
    }

    /** Whether the API said the caller may not do this. */
    public boolean forbidden() {
        return status == 403;
    }

    /** Whether the request itself was refused as invalid (a field to fix). */
    public boolean invalid() {
        return status == 400;
    }
}
