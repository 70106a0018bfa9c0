-- Every state change of a bounty, application or submission: who, when, from which state to which.
CREATE TABLE bounty.audit_log (
    id           BIGSERIAL PRIMARY KEY,
    bounty_id    BIGINT      NOT NULL,   -- no foreign key: the log outlives what it describes
    entity       TEXT        NOT NULL CHECK (entity IN ('bounty', 'application', 'submission')),
    entity_id    BIGINT      NOT NULL,
    action       TEXT        NOT NULL,
    actor        TEXT        NOT NULL,   -- username
    from_status  TEXT,
    to_status    TEXT        NOT NULL,
    at           TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_bounty ON bounty.audit_log (bounty_id, id);
