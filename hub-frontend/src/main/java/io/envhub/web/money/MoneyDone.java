package io.envhub.web.money;

import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Map;

/**
 * The confirmation a money page shows after a successful post (post-redirect-get): the redirect carries a fixed code
 * ({@code ?done=funded}), never text, so a crafted link can only show one of these sentences.
 */
final class MoneyDone {
    private static final Map<String, String> MESSAGES = Map.of(
            "funded", "Funding recorded: it is in the sponsor's balance.",
            "confirmed", "Payout confirmed: the contributor now sees it as paid.",
            "failed", "Payout marked failed: its amount is payable again and it can be retried.",
            "retried", "Payout queued again as pending.");

    private MoneyDone() {
    }

    /** The sentence for a code, or null. */
    static String message(String code) {
        return code == null ? null : MESSAGES.get(code);
    }

    /** A 303 to {@code path} carrying {@code code}. */
    static Response redirect(String path, String code) {
        return Response.seeOther(URI.create(path + (path.contains("?") ? "&" : "?") + "done=" + code)).build();
    }

    /** The HTTP status a page shows for a refusal: the API's own 4xx, 502 when it failed or did not answer. */
    static int status(io.envhub.web.settings.ApiProblem problem) {
        return problem.status() >= 500 ? io.envhub.web.settings.ApiProblem.UNREACHABLE : problem.status();
    }
}
