package io.envhub.web.settings;

import io.envhub.web.account.Viewer;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The page shown when the hub API refuses what a settings page needs: 403, 404, or the API being down. */
public final class SettingsPages {
    private SettingsPages() {
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance problem(Viewer viewer, int status, String title, String message);
    }

    /** The refusal as a page with the same status (401 and other statuses the user cannot fix become 502). */
    public static Response problem(Viewer viewer, ApiProblem problem, String what) {
        int status;
        String title;
        String message;
        if (problem.forbidden()) {
            status = 403;
            title = "Not allowed";
            message = "You may not manage " + what + ". " + problem.detail();
        } else if (problem.notFound()) {
            status = 404;
            title = "Not found";
            message = what + " does not exist, or is private.";
        } else {
            status = ApiProblem.UNREACHABLE;
            title = "The hub could not do this";
            message = problem.detail();
        }
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE)
                .entity(Templates.problem(viewer, status, title, message)).build();
    }
}
