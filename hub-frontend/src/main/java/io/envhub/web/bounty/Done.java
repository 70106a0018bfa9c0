package io.envhub.web.bounty;

import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Map;

/**
 * The confirmation a bounty page shows after a successful form post (post-redirect-get): the redirect carries a
 * fixed code ({@code ?done=applied}), never text, so a crafted link can only show one of these sentences.
 */
final class Done {
    private static final Map<String, String> MESSAGES = Map.ofEntries(
            Map.entry("applied", "Application sent: the sponsor will accept or decline it."),
            Map.entry("app-withdrawn", "Application withdrawn."),
            Map.entry("submitted", "Submitted: the sponsor will review it."),
            Map.entry("resubmitted", "New version submitted: the sponsor will review it again."),
            Map.entry("sub-withdrawn", "Submission withdrawn."),
            Map.entry("created", "Draft saved. Open it when it is ready: then contributors can see it."),
            Map.entry("saved", "Draft saved."),
            Map.entry("opened", "Bounty opened: it is on the board."),
            Map.entry("closed", "Bounty closed: it no longer takes submissions."),
            Map.entry("cancelled", "Bounty cancelled."),
            Map.entry("clarified", "Clarification added."),
            Map.entry("accepted", "Application accepted: the applicant may now submit."),
            Map.entry("rejected", "Application declined."),
            Map.entry("reviewed", "Review recorded."),
            Map.entry("review-started", "Review started: the contributor sees that you are on it."),
            Map.entry("hub-run-started", "Hub-run evaluation started: the hub runs the submitted version with your endpoint."));

    private Done() {
    }

    /** The sentence for a code, or null. */
    static String message(String code) {
        return code == null ? null : MESSAGES.get(code);
    }

    /** A 303 to {@code path} carrying {@code code}. */
    static Response redirect(String path, String code) {
        return Response.seeOther(URI.create(path + (path.contains("?") ? "&" : "?") + "done=" + code)).build();
    }
}
