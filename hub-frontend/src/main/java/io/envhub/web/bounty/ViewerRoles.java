package io.envhub.web.bounty;

import io.envhub.web.security.Roles;
import io.envhub.web.account.Viewer;
import io.quarkus.qute.TemplateExtension;

/**
 * The viewer's roles for the navigation ({@code {#if viewer.hasSponsorRole}}): which links to show. The services
 * check the same token on every call, so these only decide what is offered.
 */
@TemplateExtension
public final class ViewerRoles {
    private ViewerRoles() {
    }

    /** Whether the signed-in viewer may sponsor bounties (sponsor or admin). */
    public static boolean hasSponsorRole(Viewer viewer) {
        return viewer.signedIn() && Roles.sponsor(viewer.bearer());
    }

    /** Whether the signed-in viewer is an admin. */
    public static boolean hasAdminRole(Viewer viewer) {
        return viewer.signedIn() && Roles.admin(viewer.bearer());
    }
}
