-- Issue 34: bounty-service's events (bounty.opened, application.submitted, ...), written in the transaction of the
-- state change they report. The relay hands each to hub-backend (POST /internal/v1/events, the same id: hub-backend
-- keeps a copy once), which owns webhook subscriptions, deliveries and notifications; relayed_at marks it handed over.
CREATE TABLE bounty.outbox_events (
    id            UUID        PRIMARY KEY,
    type          TEXT        NOT NULL,
    occurred_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    bounty_id     BIGINT,
    sponsor       TEXT,                         -- the sponsor's user name: webhooks of scope "bounties sponsored"
    object        JSONB       NOT NULL,         -- the object as the bounty API shows it
    notify        JSONB       NOT NULL DEFAULT '[]',
    attempts      INTEGER     NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_error    TEXT,
    relayed_at    TIMESTAMPTZ
);
CREATE INDEX outbox_events_unrelayed ON bounty.outbox_events (next_attempt_at) WHERE relayed_at IS NULL;

-- sponsors hear of a deadline 3 days ahead once per bounty
ALTER TABLE bounty.bounties ADD COLUMN deadline_notice_at TIMESTAMPTZ;
