-- Issue 34: events (the outbox), webhooks and their deliveries, notifications (inbox, preferences, email outbox).

-- Every event another party acts on is a row written in the transaction of the change it reports (hub-backend's own
-- events), or relayed once from bounty-service's outbox (bounty.outbox_events, same id: a relayed copy is kept once).
-- The dispatcher turns each row, once, into webhook deliveries and notifications (dispatched_at).
CREATE TABLE hub.events (
    id              UUID        PRIMARY KEY,
    type            TEXT        NOT NULL,            -- version.validated, bounty.opened, ... (or an internal notice type)
    source          TEXT        NOT NULL CHECK (source IN ('hub', 'bounty')),
    occurred_at     TIMESTAMPTZ NOT NULL,
    received_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    object          JSONB       NOT NULL,            -- the object as the API shows it
    environment_id  BIGINT      REFERENCES hub.environments (id) ON DELETE SET NULL,
    owner_id        BIGINT      REFERENCES hub.owners (id) ON DELETE SET NULL,   -- the environment's owner
    sponsor         TEXT,                            -- bounty events: the sponsor's user name
    notify          JSONB       NOT NULL DEFAULT '[]',  -- [{"user","kind","title","link"}] (user "@admins": every admin)
    dispatched_at   TIMESTAMPTZ,
    -- a consumer that failed: tried again later (backoff), given up after a few attempts (the error is kept)
    dispatch_attempts  INTEGER  NOT NULL DEFAULT 0,
    next_dispatch_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    dispatch_error     TEXT
);
CREATE INDEX events_undispatched ON hub.events (next_dispatch_at) WHERE dispatched_at IS NULL;

-- A subscription of an HTTPS URL to some event types, in one scope: the owner's environments (scope_kind 'owner'), one
-- environment, or the bounties its user sponsors. The secret signs every delivery (HMAC-SHA256); after a rotation the
-- previous one still signs (a second v1) until previous_secret_until.
CREATE TABLE hub.webhooks (
    id                     BIGSERIAL   PRIMARY KEY,
    owner_id               BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    created_by             BIGINT      REFERENCES hub.owners (id) ON DELETE SET NULL,
    url                    TEXT        NOT NULL CHECK (char_length(url) <= 2000),
    description            TEXT        CHECK (char_length(description) <= 200),
    events                 TEXT[]      NOT NULL CHECK (cardinality(events) > 0),
    scope_kind             TEXT        NOT NULL CHECK (scope_kind IN ('owner', 'environment', 'bounties')),
    environment_id         BIGINT      REFERENCES hub.environments (id) ON DELETE CASCADE,
    sponsor                TEXT,
    secret                 TEXT        NOT NULL,
    previous_secret        TEXT,
    previous_secret_until  TIMESTAMPTZ,
    active                 BOOLEAN     NOT NULL DEFAULT true,
    disabled_reason        TEXT,
    disabled_at            TIMESTAMPTZ,
    consecutive_failures   INTEGER     NOT NULL DEFAULT 0,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT webhooks_scope CHECK (
        (scope_kind = 'environment') = (environment_id IS NOT NULL)
        AND (scope_kind = 'bounties') = (sponsor IS NOT NULL))
);
CREATE INDEX webhooks_owner ON hub.webhooks (owner_id);
CREATE INDEX webhooks_environment ON hub.webhooks (environment_id) WHERE environment_id IS NOT NULL;
CREATE INDEX webhooks_sponsor ON hub.webhooks (lower(sponsor)) WHERE sponsor IS NOT NULL;

-- One event to one webhook (a redelivery is a new row for the same event). Claimed with FOR UPDATE SKIP LOCKED and a
-- lease, so a delivery held by a crashed instance is sent again (at least once: receivers de-duplicate by event id).
CREATE TABLE hub.webhook_deliveries (
    id               BIGSERIAL   PRIMARY KEY,
    webhook_id       BIGINT      NOT NULL REFERENCES hub.webhooks (id) ON DELETE CASCADE,
    event_id         UUID        NOT NULL REFERENCES hub.events (id) ON DELETE CASCADE,
    state            TEXT        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts         INTEGER     NOT NULL DEFAULT 0,
    next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    lease_owner      TEXT,
    lease_expires_at TIMESTAMPTZ,
    redelivery_of    BIGINT      REFERENCES hub.webhook_deliveries (id) ON DELETE SET NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    delivered_at     TIMESTAMPTZ
);
-- the dispatcher writes one delivery per event and webhook, once; redeliveries are more rows of the same event
CREATE UNIQUE INDEX webhook_deliveries_once ON hub.webhook_deliveries (webhook_id, event_id) WHERE redelivery_of IS NULL;
CREATE INDEX webhook_deliveries_due ON hub.webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_log ON hub.webhook_deliveries (webhook_id, id DESC);

-- Each HTTP attempt of a delivery: what the delivery log shows.
CREATE TABLE hub.webhook_attempts (
    id                BIGSERIAL   PRIMARY KEY,
    delivery_id       BIGINT      NOT NULL REFERENCES hub.webhook_deliveries (id) ON DELETE CASCADE,
    at                TIMESTAMPTZ NOT NULL DEFAULT now(),
    status_code       INTEGER,                         -- null: no HTTP answer (refused address, timeout, TLS...)
    duration_ms       INTEGER     NOT NULL,
    error             TEXT,
    response_excerpt  TEXT
);
CREATE INDEX webhook_attempts_delivery ON hub.webhook_attempts (delivery_id, id);

-- The inbox.
CREATE TABLE hub.notifications (
    id          BIGSERIAL   PRIMARY KEY,
    user_id     BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    event_id    UUID        REFERENCES hub.events (id) ON DELETE SET NULL,
    kind        TEXT        NOT NULL,
    title       TEXT        NOT NULL,
    link        TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    read_at     TIMESTAMPTZ,
    CONSTRAINT notifications_once UNIQUE NULLS NOT DISTINCT (user_id, event_id, kind)
);
CREATE INDEX notifications_inbox ON hub.notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON hub.notifications (user_id) WHERE read_at IS NULL;

-- Per user, kind and channel; no row: the kind's default (inbox on, email on).
CREATE TABLE hub.notification_preferences (
    user_id  BIGINT  NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    kind     TEXT    NOT NULL,
    inbox    BOOLEAN NOT NULL DEFAULT true,
    email    BOOLEAN NOT NULL DEFAULT true,
    PRIMARY KEY (user_id, kind)
);

-- Emails to send, written with their notification; sent by the mail worker (lease, retries with backoff).
CREATE TABLE hub.email_outbox (
    id               BIGSERIAL   PRIMARY KEY,
    notification_id  BIGINT      REFERENCES hub.notifications (id) ON DELETE CASCADE,
    to_address       TEXT        NOT NULL,
    subject          TEXT        NOT NULL,
    body_text        TEXT        NOT NULL,
    unsubscribe_url  TEXT        NOT NULL,
    state            TEXT        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
    attempts         INTEGER     NOT NULL DEFAULT 0,
    next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    lease_expires_at TIMESTAMPTZ,
    last_error       TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at          TIMESTAMPTZ
);
CREATE INDEX email_outbox_due ON hub.email_outbox (next_attempt_at) WHERE state = 'pending';
