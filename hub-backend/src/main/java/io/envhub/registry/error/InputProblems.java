package io.envhub.registry.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.error.JsonErrors;
import io.envhub.kit.error.Problems;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Unreadable JSON bodies (syntax errors, a field of the wrong type, nesting deeper than the parser allows) answer 400
 * problem+json with type {@code invalid-json}, instead of the framework's empty 400. The detail names the field, never
 * a Java class.
 */
public class InputProblems {
    private final Problems problems;

    public InputProblems(Problems problems) {
        this.problems = problems;
    }

    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e, UriInfo uri) {
        return invalidJson(e, uri);
    }

    @ServerExceptionMapper
    public Response unreadable(JsonProcessingException e, UriInfo uri) {
        return invalidJson(e, uri);
    }

    Response invalidJson(JsonProcessingException e, UriInfo uri) {
        return problems.problem(new ApiException.Invalid(ProblemCode.INVALID_JSON, detail(e)), uri == null ? null : uri.getPath());
    }

    /** The client-facing explanation of the JSON error in this exception's cause chain (no Java class names). */
    static String detail(Throwable error) {
        return JsonErrors.detail(error);
    }
}
