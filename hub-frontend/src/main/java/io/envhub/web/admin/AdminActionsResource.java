package io.envhub.web.admin;

import io.envhub.web.error.Problems;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.Set;
import org.jboss.resteasy.reactive.RestForm;

/**
 * The console's moderation forms (CSRF-checked like every form): each posts one call to hub-backend's admin API with
 * the admin's token and goes back to the page it came from ({@code back}, a path under {@code /admin}) with a one-line
 * result or the API's refusal. Reasons are checked here first where the issue makes them mandatory.
 */
@Path("/admin")
public class AdminActionsResource {
    /** Longest reason or note accepted. */
    static final int MAX_REASON = 1000;
    /** Roles the console grants and removes. */
    static final Set<String> GRANTABLE = Set.of("sponsor");

    private final AdminGate gate;
    private final AdminClient admin;

    public AdminActionsResource(AdminGate gate, AdminClient admin) {
        this.gate = gate;
        this.admin = admin;
    }

    @POST
    @Path("/reports/{id}/dismiss")
    public Response dismiss(@PathParam("id") long id, @RestForm String note, @RestForm String back) {
        String bearer = gate.bearer();
        String n = trim(note);
        if (n.isEmpty()) {
            return refused(back, "Write a note saying why the report is dismissed; the reporter sees it.");
        }
        return act(back, () -> admin.dismiss(bearer, id, new AdminClient.Reason(null, n)), "Report " + id + " dismissed.");
    }

    @POST
    @Path("/versions/{owner}/{name}/{version}/quarantine")
    public Response quarantine(@PathParam("owner") String owner, @PathParam("name") String name,
                               @PathParam("version") String version, @RestForm String reason, @RestForm String back) {
        String bearer = gate.bearer();
        String r = trim(reason);
        if (r.isEmpty()) {
            return refused(back, "Give the reason for the quarantine; the owner sees it and downloads answer with it.");
        }
        return act(back, () -> admin.quarantine(bearer, owner, name, version, new AdminClient.Reason(r, null)),
                owner + "/" + name + " " + version + " quarantined: it is out of the index and cannot be downloaded.");
    }

    @POST
    @Path("/versions/{owner}/{name}/{version}/lift")
    public Response lift(@PathParam("owner") String owner, @PathParam("name") String name,
                         @PathParam("version") String version, @RestForm String reason, @RestForm String back) {
        String bearer = gate.bearer();
        String r = trim(reason);
        if (r.isEmpty()) {
            return refused(back, "Give the reason for lifting the quarantine; it is kept in the audit log.");
        }
        return act(back, () -> {
            admin.lift(bearer, owner, name, version, new AdminClient.Reason(r, null));
            return null;
        }, "Quarantine of " + owner + "/" + name + " " + version + " lifted.");
    }

    @POST
    @Path("/versions/{owner}/{name}/{version}/revalidate")
    public Response revalidate(@PathParam("owner") String owner, @PathParam("name") String name,
                               @PathParam("version") String version, @RestForm String back) {
        String bearer = gate.bearer();
        return act(back, () -> admin.revalidate(bearer, owner, name, version),
                owner + "/" + name + " " + version + " is queued for validation again.");
    }

    @POST
    @Path("/versions/{owner}/{name}/{version}/status")
    public Response override(@PathParam("owner") String owner, @PathParam("name") String name,
                             @PathParam("version") String version, @RestForm String status, @RestForm String reason,
                             @RestForm String back) {
        String bearer = gate.bearer();
        String r = trim(reason);
        if (!"validated".equals(status) && !"failed".equals(status)) {
            return refused(back, "Choose the status to set: validated or failed.");
        }
        if (r.isEmpty()) {
            return refused(back, "A validation status is only overridden with a reason; write it.");
        }
        return act(back, () -> admin.overrideStatus(bearer, owner, name, version, new AdminClient.StatusOverride(status, r)),
                owner + "/" + name + " " + version + " is now " + status + " (set by hand).");
    }

    @POST
    @Path("/environments/{owner}/{name}/{action: unlist|relist}")
    public Response listing(@PathParam("owner") String owner, @PathParam("name") String name,
                            @PathParam("action") String action, @RestForm String reason, @RestForm String back) {
        String bearer = gate.bearer();
        String r = trim(reason);
        if ("unlist".equals(action) && r.isEmpty()) {
            return refused(back, "Give the reason for unlisting; the environment's page shows a notice.");
        }
        return act(back, () -> admin.listing(bearer, owner, name, action, new AdminClient.Reason(r.isEmpty() ? null : r, null)),
                owner + "/" + name + ("unlist".equals(action) ? " unlisted: out of search, home and the index."
                        : " is listed again."));
    }

    @POST
    @Path("/evals/{owner}/{name}/{id: [0-9]{1,18}}/{action: hide|unhide|delete}")
    public Response run(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id,
                        @PathParam("action") String action, @RestForm String reason, @RestForm String back) {
        String bearer = gate.bearer();
        String r = trim(reason);
        String run = "Run " + id + " of " + owner + "/" + name;
        if (!"unhide".equals(action) && r.isEmpty()) {
            return refused(back, "hide".equals(action) ? "Give the reason for hiding the run; its page shows it."
                    : "Give the reason for deleting the run; it is kept in the audit log.");
        }
        AdminClient.Reason body = new AdminClient.Reason(r.isEmpty() ? null : r, null);
        return switch (action) {
            case "hide" -> act(back, () -> admin.hideRun(bearer, owner, name, id, body),
                    run + " is hidden from the leaderboards.");
            case "unhide" -> act(back, () -> admin.unhideRun(bearer, owner, name, id, body),
                    run + " is shown in the leaderboards again.");
            default -> act(back, () -> {
                admin.deleteRun(bearer, owner, name, id, body);
                return null;
            }, run + " is deleted.");
        };
    }

    @POST
    @Path("/users/{username}/{action: suspend|unsuspend}")
    public Response suspension(@PathParam("username") String username, @PathParam("action") String action,
                               @RestForm String reason, @RestForm String back) {
        String bearer = gate.bearer();
        String r = trim(reason);
        if ("suspend".equals(action) && r.isEmpty()) {
            return refused(back, "Give the reason for suspending " + username + ".");
        }
        return act(back, () -> admin.suspension(bearer, username, action, new AdminClient.Reason(r.isEmpty() ? null : r, null)),
                "suspend".equals(action) ? username + " is suspended: their tokens stop working and they cannot sign in."
                        : username + " may sign in again.");
    }

    @POST
    @Path("/users/{username}/roles/{role}/{action: grant|remove}")
    public Response role(@PathParam("username") String username, @PathParam("role") String role,
                         @PathParam("action") String action, @RestForm String back) {
        String bearer = gate.bearer();
        if (!GRANTABLE.contains(role)) {
            throw new NotFoundException();
        }
        return act(back, () -> {
            if ("grant".equals(action)) {
                admin.grantRole(bearer, username, role);
            } else {
                admin.removeRole(bearer, username, role);
            }
            return null;
        }, "grant".equals(action) ? username + " is now a " + role + "." : username + " is no longer a " + role + ".");
    }

    private static Response act(String back, java.util.function.Supplier<?> call, String done) {
        try {
            call.get();
            return Notice.redirect(AdminQueueResource.SCOPE, Notice.safeBack(AdminQueueResource.SCOPE, back), done, false);
        } catch (WebApplicationException e) {
            String detail = Problems.detail(e);
            return refused(back, detail != null ? detail : "The hub refused it (" + Problems.status(e) + ").");
        } catch (ProcessingException e) {
            return refused(back, "The service is not reachable right now; nothing was changed. Try again.");
        }
    }

    private static Response refused(String back, String message) {
        return Notice.redirect(AdminQueueResource.SCOPE, Notice.safeBack(AdminQueueResource.SCOPE, back), message, true);
    }

    private static String trim(String s) {
        String t = s == null ? "" : s.strip();
        return t.length() > MAX_REASON ? t.substring(0, MAX_REASON) : t;
    }
}
