-- Organisation membership by invitation: an owner invites a user, the user accepts (becomes a member with the
-- invited role) or declines. A row is a pending invitation; accepting, declining or revoking deletes it.
CREATE TABLE hub.org_invitations (
    id          BIGSERIAL PRIMARY KEY,
    org_id      BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    user_id     BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    role        TEXT        NOT NULL CHECK (role IN ('owner', 'maintainer', 'member')),
    invited_by  BIGINT      REFERENCES hub.owners (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT org_invitations_once UNIQUE (org_id, user_id)
);
CREATE INDEX org_invitations_user ON hub.org_invitations (user_id);
