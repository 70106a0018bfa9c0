-- Issue 33: hosted sessions. The environment runs in a validator's session runner (one sandboxed process per
-- session); this table says which runner holds each session, so any hub-backend instance can route /openenv/{id}/...
-- to it, and counts a user's open sessions for the per-user limit. The id is the session's capability (random, 128
-- bits): whoever holds the base URL may drive the session, as with OpenEnv's own servers.
CREATE TABLE hub.hosted_sessions (
    id            TEXT        PRIMARY KEY CHECK (char_length(id) BETWEEN 16 AND 64),
    user_id       BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    version_id    BIGINT      NOT NULL REFERENCES hub.versions (id) ON DELETE CASCADE,
    runner_url    TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_used_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at    TIMESTAMPTZ NOT NULL,
    steps         INTEGER     NOT NULL DEFAULT 0,
    closed_at     TIMESTAMPTZ,
    end_reason    TEXT        CHECK (char_length(end_reason) <= 300)
);
-- open sessions of a user (the limit) and of a runner (placement)
CREATE INDEX hosted_sessions_open_user ON hub.hosted_sessions (user_id) WHERE closed_at IS NULL;
CREATE INDEX hosted_sessions_open_runner ON hub.hosted_sessions (runner_url) WHERE closed_at IS NULL;
