-- Admin console (issue 13): the append-only audit trail, user reports, quarantined versions, unlisted environments,
-- suspended users.

-- Every admin action (and every other audited change): who, what, on what, why, the state before and after.
-- Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE for every role (the table owner and superusers included).
CREATE TABLE hub.audit_events (
    id          BIGSERIAL PRIMARY KEY,
    at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    actor       TEXT        NOT NULL,   -- username (or service account) that acted
    action      TEXT        NOT NULL,   -- e.g. version.quarantine, environment.unlist, user.suspend, report.dismiss
    target      TEXT        NOT NULL,   -- owner/name, owner/name@version, user:<name>, report:<id>
    reason      TEXT,
    before      JSONB,
    after       JSONB,
    request_id  TEXT
);
CREATE INDEX audit_events_at ON hub.audit_events (at DESC, id DESC);
CREATE INDEX audit_events_actor ON hub.audit_events (lower(actor), at DESC);
CREATE INDEX audit_events_target ON hub.audit_events (target, at DESC);
CREATE INDEX audit_events_action ON hub.audit_events (action, at DESC);

CREATE FUNCTION hub.audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'hub.audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON hub.audit_events
    FOR EACH ROW EXECUTE FUNCTION hub.audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON hub.audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION hub.audit_events_append_only();
REVOKE UPDATE, DELETE, TRUNCATE ON hub.audit_events FROM PUBLIC;

-- Reports from signed-in users about an environment, a version or a bounty. One open report per user and target.
CREATE TABLE hub.reports (
    id               BIGSERIAL PRIMARY KEY,
    reporter_id      BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    target           TEXT        NOT NULL,   -- canonical: owner/name, owner/name@version, bounty:<id>
    target_kind      TEXT        NOT NULL CHECK (target_kind IN ('environment', 'version', 'bounty')),
    environment_id   BIGINT      REFERENCES hub.environments (id) ON DELETE SET NULL,
    reason           TEXT        NOT NULL CHECK (reason IN ('malware', 'stolen-data', 'broken-reward', 'spam', 'other')),
    text             TEXT        NOT NULL DEFAULT '' CHECK (char_length(text) <= 4000),
    state            TEXT        NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'dismissed', 'actioned')),
    resolution_note  TEXT,
    resolved_by      TEXT,
    resolved_at      TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reports_one_open ON hub.reports (reporter_id, target) WHERE state = 'open';
CREATE INDEX reports_reporter ON hub.reports (reporter_id, created_at DESC);
CREATE INDEX reports_open ON hub.reports (created_at DESC) WHERE state = 'open';
CREATE INDEX reports_target ON hub.reports (target) WHERE state = 'open';

-- Quarantine: the version stays in storage but leaves the index; downloads answer 451 with the reason.
-- held_for_review: quarantined automatically as the first publication of a new account (hold setting on).
ALTER TABLE hub.versions
    ADD COLUMN quarantine_reason TEXT,
    ADD COLUMN quarantined_at    TIMESTAMPTZ,
    ADD COLUMN quarantined_by    TEXT,
    ADD COLUMN held_for_review   BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX versions_quarantined ON hub.versions (quarantined_at) WHERE quarantined_at IS NOT NULL;

-- Unlisted: out of search, home/explore and the package index; the page shows a notice.
ALTER TABLE hub.environments
    ADD COLUMN unlisted_at   TIMESTAMPTZ,
    ADD COLUMN unlist_reason TEXT;

-- Suspended users: their tokens (Keycloak and personal) stop working at once; checked on every request.
CREATE TABLE hub.suspensions (
    user_id       BIGINT      PRIMARY KEY REFERENCES hub.owners (id) ON DELETE CASCADE,
    subject       TEXT        NOT NULL UNIQUE,
    reason        TEXT        NOT NULL,
    suspended_by  TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
