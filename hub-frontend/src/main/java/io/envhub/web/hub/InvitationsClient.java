package io.envhub.web.hub;

import static io.envhub.web.client.ServiceJson.path;

import com.fasterxml.jackson.core.type.TypeReference;
import io.envhub.web.client.HubBackend;
import io.envhub.web.client.ServiceJson;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * Organisation invitations in hub-backend's public API over contract's JSON client ({@link ServiceJson}): owners
 * invite users with a role, the users accept or decline (nobody becomes a member without consent). Called with the
 * signed-in user's own token; refusals as in {@link SettingsClient}.
 */
@ApplicationScoped
public class InvitationsClient {
    private static final String ORG = "/api/v1/orgs/{}/invitations";
    private static final String MINE = "/api/v1/me/invitations";
    private static final TypeReference<List<Invitation>> INVITATIONS = new TypeReference<>() { };

    private final ServiceJson hub;

    public InvitationsClient(@HubBackend ServiceJson hub) {
        this.hub = hub;
    }

    /** A pending invitation, as the organisation's owners and the invited user see it. */
    public record Invitation(long id, String org, String orgDisplayName, String user, String role, String invitedBy,
                      OffsetDateTime createdAt) {
    }

    /** Body of an invitation. */
    public record Invite(String user, String role) {
    }

    /** The organisation's pending invitations (its owners only). */
    public List<Invitation> ofOrg(String bearer, String org) {
        return hub.get(bearer, path(ORG, org), INVITATIONS);
    }

    public Invitation invite(String bearer, String org, Invite body) {
        return hub.bind(hub.call(bearer, "POST", path(ORG, org), body), Invitation.class);
    }

    public void revoke(String bearer, String org, long id) {
        hub.call(bearer, "DELETE", path(ORG + "/{}", org, id), null);
    }

    /** The signed-in user's pending invitations. */
    public List<Invitation> mine(String bearer) {
        return hub.get(bearer, MINE, INVITATIONS);
    }

    public void accept(String bearer, long id) {
        hub.call(bearer, "POST", path(MINE + "/{}/accept", id), null);
    }

    public void decline(String bearer, long id) {
        hub.call(bearer, "POST", path(MINE + "/{}/decline", id), null);
    }
}
