-- Bounties posted by sponsors, their ordered acceptance criteria and dated clarifications (appended, never rewritten).
CREATE TABLE bounty.bounties (
    id                BIGSERIAL PRIMARY KEY,
    sponsor_subject   TEXT        NOT NULL,              -- Keycloak subject of the sponsor
    sponsor_username  TEXT        NOT NULL,
    title             TEXT        NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    domain            TEXT        NOT NULL,
    description       TEXT        NOT NULL DEFAULT '',   -- Markdown
    tier              TEXT        NOT NULL CHECK (tier IN ('open_access', 'application_only')),
    reward_minor      BIGINT      NOT NULL CHECK (reward_minor > 0),
    currency          TEXT        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    max_awards        INT         NOT NULL CHECK (max_awards >= 1),
    awards_given      INT         NOT NULL DEFAULT 0,
    deadline          TIMESTAMPTZ NOT NULL,
    required_tags     TEXT[]      NOT NULL DEFAULT '{}',
    task_type         TEXT,
    status            TEXT        NOT NULL DEFAULT 'draft'
                      CHECK (status IN ('draft', 'open', 'closed', 'cancelled', 'awarded')),
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    opened_at         TIMESTAMPTZ,
    closed_at         TIMESTAMPTZ,
    -- max awards are never exceeded, even if a code path forgot the row lock
    CONSTRAINT bounties_awards_within_max CHECK (awards_given BETWEEN 0 AND max_awards)
);
CREATE INDEX bounties_status_created ON bounty.bounties (status, created_at DESC);
CREATE INDEX bounties_sponsor ON bounty.bounties (sponsor_subject);

CREATE TABLE bounty.criteria (
    bounty_id  BIGINT NOT NULL REFERENCES bounty.bounties (id) ON DELETE CASCADE,
    position   INT    NOT NULL,
    text       TEXT   NOT NULL,
    PRIMARY KEY (bounty_id, position)
);

CREATE TABLE bounty.clarifications (
    id               BIGSERIAL PRIMARY KEY,
    bounty_id        BIGINT      NOT NULL REFERENCES bounty.bounties (id) ON DELETE CASCADE,
    author_username  TEXT        NOT NULL,
    text             TEXT        NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX clarifications_bounty ON bounty.clarifications (bounty_id, id);
