package io.envhub.contract.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.Problem;
import io.envhub.contract.ProblemCode;
import java.io.IOException;

/**
 * An answer outside 2xx, read by {@link JsonHttp}: the HTTP status, the {@link Problem} document it carried (or one
 * with only the status when the body was not {@code application/problem+json}) and the raw body, so that each client
 * can word the refusal its own way.
 */
public final class ProblemException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient Problem problem;
    private final String body;

    /**
     * Creates the exception.
     *
     * @param status the HTTP status
     * @param problem the decoded document (never null)
     * @param body the raw body ("" when none)
     */
    public ProblemException(int status, Problem problem, String body) {
        super("HTTP " + status + " " + code(status, problem) + (problem.detail() == null ? "" : ": " + problem.detail()));
        this.status = status;
        this.problem = problem;
        this.body = body;
    }

    /**
     * Reads an error answer; a body that is not a JSON object gives a problem with only the status.
     *
     * @param status the HTTP status
     * @param body the body, possibly null, empty or not JSON
     * @param mapper JSON mapper
     * @return the exception
     */
    public static ProblemException of(int status, String body, ObjectMapper mapper) {
        String text = body == null ? "" : body;
        Problem problem = null;
        if (text.strip().startsWith("{")) {
            try {
                problem = mapper.readValue(text, Problem.class);
            } catch (IOException e) {
                problem = null; // not JSON after all: the status is all we know
            }
        }
        return new ProblemException(status, problem != null ? problem : new Problem(null, null, status, null, null), text);
    }

    private static String code(int status, Problem p) {
        return p.code().isEmpty() ? ProblemCode.http(status) : p.code();
    }

    /** The HTTP status of the answer. */
    public int status() {
        return status;
    }

    /** The problem document (only the status is set when the answer had none). */
    public Problem problem() {
        return problem;
    }

    /** The problem code, e.g. {@code version-exists}; {@code http-<status>} when the answer had no type. */
    public String code() {
        return code(status, problem);
    }

    /** The raw body of the answer ("" when none). */
    public String body() {
        return body;
    }
}
