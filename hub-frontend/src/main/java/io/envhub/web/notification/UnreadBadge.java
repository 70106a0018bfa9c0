package io.envhub.web.notification;

import io.envhub.web.account.Viewer;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Named;
import org.jboss.logging.Logger;

/**
 * The unread count in the top bar ({@code {inject:inbox.unread}}): asked once per page view of a signed-in user; a hub
 * that does not answer shows no count rather than failing the page.
 */
@Named("inbox")
@RequestScoped
public class UnreadBadge {
    private static final Logger LOG = Logger.getLogger(UnreadBadge.class);

    private final Viewer viewer;
    private final HubJson hub;
    private Long unread;

    public UnreadBadge(Viewer viewer, HubJson hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    /** Unread notifications of the viewer (0 when signed out or when the hub cannot say). */
    public long unread() {
        if (unread == null) {
            unread = 0L;
            if (viewer.signedIn()) {
                try {
                    unread = hub.get(viewer, "/api/v1/me/notifications/unread-count").path("unread").asLong(0);
                } catch (RuntimeException e) {
                    LOG.debugf("unread count unavailable: %s", e.toString());
                }
            }
        }
        return unread;
    }
}
