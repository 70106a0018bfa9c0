-- Issue 34: gated environments. Everyone sees a gated environment's page; its files (API download, /simple files and
-- metadata, file texts) need access: granted at once when the user accepts the owner's terms ('auto') or by the
-- owner's decision ('manual'). The terms carry a version, bumped whenever their text changes; a grant records the
-- version its user accepted and when.
ALTER TABLE hub.environments
    ADD COLUMN gated              TEXT    CHECK (gated IN ('auto', 'manual')),
    ADD COLUMN gate_terms         TEXT    CHECK (char_length(gate_terms) <= 20000),
    ADD COLUMN gate_terms_version INTEGER NOT NULL DEFAULT 0;

CREATE TABLE hub.access_requests (
    id                 BIGSERIAL   PRIMARY KEY,
    environment_id     BIGINT      NOT NULL REFERENCES hub.environments (id) ON DELETE CASCADE,
    user_id            BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    state              TEXT        NOT NULL CHECK (state IN ('pending', 'granted', 'rejected')),
    terms_version      INTEGER     NOT NULL,
    terms_accepted_at  TIMESTAMPTZ NOT NULL,
    message            TEXT        CHECK (char_length(message) <= 2000),
    decided_by         TEXT,
    decided_at         TIMESTAMPTZ,
    decision_note      TEXT        CHECK (char_length(decision_note) <= 2000),
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT access_requests_one_per_user UNIQUE (environment_id, user_id)
);
CREATE INDEX access_requests_pending ON hub.access_requests (environment_id, created_at) WHERE state = 'pending';
