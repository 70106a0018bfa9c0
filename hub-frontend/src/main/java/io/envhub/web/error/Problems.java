package io.envhub.web.error;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.Problem;
import io.envhub.contract.http.ProblemException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

/** Reads the {@code detail} of a hub-backend problem document carried by a REST client exception
 * (or by a {@code ServiceJson} refusal, whose cause is contract's {@link ProblemException}). */
public final class Problems {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_DETAIL = 500;

    private Problems() {
    }

    /** The backend's status of a failed call. */
    public static int status(WebApplicationException e) {
        return e.getResponse() == null ? 500 : e.getResponse().getStatus();
    }

    /** The problem's human detail (or title), or null when the answer carried none. */
    public static String detail(WebApplicationException e) {
        if (e.getCause() instanceof ProblemException refused) {
            return text(refused.problem());
        }
        Response res = e.getResponse();
        if (res == null || !res.hasEntity()) {
            return null;
        }
        try {
            res.bufferEntity();
            return text(JSON.readValue(res.readEntity(String.class), Problem.class));
        } catch (RuntimeException | java.io.IOException notAProblem) {
            return null;
        }
    }

    private static String text(Problem problem) {
        String text = problem.detail() != null ? problem.detail() : problem.title() != null ? problem.title() : "";
        if (text.isBlank()) {
            return null;
        }
        return text.length() > MAX_DETAIL ? text.substring(0, MAX_DETAIL) + "…" : text;
    }
}
