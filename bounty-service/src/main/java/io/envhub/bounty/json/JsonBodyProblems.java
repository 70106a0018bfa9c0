package io.envhub.bounty.json;

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
 * An unreadable JSON body (a syntax error, a field of the wrong type, a fractional amount where minor units are
 * expected) answers 400 problem+json {@code invalid-json} naming the field, instead of the JSON reader's plain 400.
 */
public class JsonBodyProblems {
    private final Problems problems;

    public JsonBodyProblems(Problems problems) {
        this.problems = problems;
    }

    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e, UriInfo uri) {
        return invalid(e, uri);
    }

    @ServerExceptionMapper
    public Response unreadable(JsonProcessingException e, UriInfo uri) {
        return invalid(e, uri);
    }

    private Response invalid(JsonProcessingException e, UriInfo uri) {
        return problems.problem(new ApiException.Invalid(ProblemCode.INVALID_JSON, JsonErrors.detail(e)),
                uri == null ? null : uri.getPath());
    }
}
