package io.envhub.web.admin;

import io.envhub.web.security.Roles;
import io.envhub.web.account.Viewer;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.NotFoundException;

/**
 * The door of every {@code /admin} page: an admin passes with their token; anyone else (anonymous visitors included)
 * gets the site's normal 404 page, as if the console did not exist.
 */
@RequestScoped
public class AdminGate {
    private final Viewer viewer;

    public AdminGate(Viewer viewer) {
        this.viewer = viewer;
    }

    /** The admin's {@code Bearer} token; a 404 for everyone else. */
    public String bearer() {
        String bearer = viewer.bearer();
        if (!viewer.signedIn() || !Roles.admin(bearer)) {
            throw new NotFoundException();
        }
        return bearer;
    }
}
