package io.envhub.cli.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.Problem;
import io.envhub.contract.ProblemCode;
import java.io.IOException;
import java.util.Optional;

/**
 * A refusal from the hub: the {@code application/problem+json} document (RFC 9457) it answered with, or what can be
 * said about a non-JSON error answer.
 */
public final class ApiProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;
    private final String title;
    private final String detail;
    private Situation situation = Situation.NONE;

    /**
     * Creates a problem.
     *
     * @param status HTTP status
     * @param code last segment of the problem {@code type}, e.g. {@code version-exists}; {@code http-<status>} if none
     * @param title the problem title, or null
     * @param detail the problem detail, or null
     */
    public ApiProblem(int status, String code, String title, String detail) {
        super("HTTP " + status + " " + code + (detail == null ? "" : ": " + detail));
        this.status = status;
        this.code = code;
        this.title = title;
        this.detail = detail;
    }

    /**
     * Reads an error answer.
     *
     * @param status HTTP status
     * @param body response body (may be empty or not JSON)
     * @param mapper JSON mapper
     * @return the problem
     */
    public static ApiProblem of(int status, String body, ObjectMapper mapper) {
        String code = ProblemCode.http(status);
        String title = null;
        String detail = null;
        if (body != null && body.strip().startsWith("{")) {
            try {
                JsonNode n = mapper.readTree(body);
                Problem p = mapper.treeToValue(n, Problem.class);
                if (p.type() != null && !p.type().isBlank() && !p.type().equals("about:blank")) {
                    code = p.code();
                }
                title = p.title();
                detail = p.detail() != null ? p.detail() : text(n, "message");
            } catch (IOException | IllegalArgumentException e) {
                // not JSON after all: the status is all we know
                detail = null;
            }
        }
        return new ApiProblem(status, code, title, detail);
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v != null && v.isTextual() ? v.asText() : null;
    }

    /**
     * Records what the user was doing (for the message).
     *
     * @param s the situation, or null
     * @return this problem
     */
    public ApiProblem in(Situation s) {
        this.situation = s == null ? Situation.NONE : s;
        return this;
    }

    /** What the user was doing. */
    public Situation situation() {
        return situation;
    }

    /** The one line to show. */
    public String readable() {
        return ProblemMessages.message(this, situation);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    /**
     * The catalogue entry of {@link #code()}.
     *
     * @return the entry; empty for a code the catalogue does not know (or none)
     */
    public Optional<ProblemCode> known() {
        return ProblemCode.find(code);
    }

    public String title() {
        return title;
    }

    public String detail() {
        return detail;
    }
}
