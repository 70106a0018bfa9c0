package io.envhub.web.money;

import io.envhub.web.account.Viewer;
import io.envhub.web.bounty.Roles;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.NotFoundException;

/**
 * The gate of the admin money pages: anyone without the {@code admin} role (anonymous visitors included) gets a plain
 * 404, so the pages do not reveal that they exist. bounty-service checks the role again on every call.
 */
@RequestScoped
public class AdminAccess {
    private final Viewer viewer;

    public AdminAccess(Viewer viewer) {
        this.viewer = viewer;
    }

    /** The admin's {@code Bearer} token; a 404 for everybody else. */
    public String bearer() {
        if (!viewer.signedIn() || !Roles.admin(viewer.bearer())) {
            throw new NotFoundException();
        }
        return viewer.bearer();
    }
}
