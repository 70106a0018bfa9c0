package io.envhub.web.error;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import org.jboss.resteasy.reactive.ClientWebApplicationException;

/**
 * What an error page says: the status answered to the browser, a title and a sentence. A backend answer is mapped
 * so that private things stay indistinguishable from missing ones (404), and an unreachable backend is a 503.
 */
public record ErrorPage(int status, String title, String message) {
    /** The page for a failed backend call or a frontend routing error. */
    public static ErrorPage of(WebApplicationException e) {
        int status = Problems.status(e);
        if (!(e instanceof ClientWebApplicationException)) {
            return forStatus(status, null);
        }
        String detail = Problems.detail(e);
        if (status >= 500) {
            return unavailable();
        }
        return forStatus(status, status == 404 ? null : detail);
    }

    /** The page for a backend that did not answer (refused, timed out). */
    public static ErrorPage of(ProcessingException e) {
        return unavailable();
    }

    /** The page for a bug on our side; the cause is logged, never shown. */
    public static ErrorPage internal() {
        return new ErrorPage(500, "Something went wrong", "The page could not be shown. Please try again in a moment.");
    }

    private static ErrorPage unavailable() {
        return new ErrorPage(503, "The hub is unavailable",
                "EnvHub's registry is not answering right now. Please try again in a moment.");
    }

    /** The page for a status the backend answered, with its detail where the status shows one. */
    public static ErrorPage forStatus(int status, String detail) {
        return switch (status) {
            case 404 -> new ErrorPage(404, "Not found",
                    "There is nothing here, or it is private and you may not see it.");
            case 403 -> new ErrorPage(403, "Not allowed", detail != null ? detail
                    : "Your account does not have the permission this page needs.");
            case 401 -> new ErrorPage(401, "Sign in needed", "Sign in to do this.");
            case 400 -> new ErrorPage(400, "Bad request", detail != null ? detail : "The request was not understood.");
            case 405 -> new ErrorPage(405, "Not allowed here", "This address does not accept that kind of request.");
            case 451 -> new ErrorPage(451, "Quarantined", detail != null ? detail
                    : "The hub's admins quarantined this version: it cannot be downloaded.");
            default -> new ErrorPage(status, "Request failed", detail != null ? detail : "The request could not be completed.");
        };
    }
}
