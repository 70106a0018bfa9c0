-- Issue 34: discussions (the community tab) on environments and bounties. Threads of Markdown comments (rendered by
-- the web hub through the README sanitizer); an edit keeps the previous text; the environment's managers (the bounty's
-- sponsor) and admins close, reopen, pin; admins hide a comment (a reported one). Comments are reported like any target.
CREATE TABLE hub.discussions (
    id              BIGSERIAL   PRIMARY KEY,
    environment_id  BIGINT      REFERENCES hub.environments (id) ON DELETE CASCADE,
    bounty_id       BIGINT,                        -- bounty-service's bounty id
    bounty_sponsor  TEXT,                          -- its sponsor's user name (asked of bounty-service when opened)
    title           TEXT        NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
    author_id       BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    state           TEXT        NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed')),
    pinned          BOOLEAN     NOT NULL DEFAULT false,
    closed_by       TEXT,
    closed_at       TIMESTAMPTZ,
    comment_count   INTEGER     NOT NULL DEFAULT 0,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_activity   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT discussions_one_target CHECK ((environment_id IS NULL) <> (bounty_id IS NULL))
);
CREATE INDEX discussions_environment ON hub.discussions (environment_id, pinned DESC, last_activity DESC)
    WHERE environment_id IS NOT NULL;
CREATE INDEX discussions_bounty ON hub.discussions (bounty_id, pinned DESC, last_activity DESC) WHERE bounty_id IS NOT NULL;

CREATE TABLE hub.discussion_comments (
    id             BIGSERIAL   PRIMARY KEY,
    discussion_id  BIGINT      NOT NULL REFERENCES hub.discussions (id) ON DELETE CASCADE,
    author_id      BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    body           TEXT        NOT NULL CHECK (char_length(body) BETWEEN 1 AND 20000),
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    edited_at      TIMESTAMPTZ,
    hidden_reason  TEXT,                           -- hidden by an admin: the text is no longer shown
    hidden_by      TEXT,
    hidden_at      TIMESTAMPTZ
);
CREATE INDEX discussion_comments_thread ON hub.discussion_comments (discussion_id, id);
CREATE INDEX discussion_comments_author ON hub.discussion_comments (author_id, created_at DESC);

-- every earlier text of an edited comment
CREATE TABLE hub.discussion_comment_edits (
    id          BIGSERIAL   PRIMARY KEY,
    comment_id  BIGINT      NOT NULL REFERENCES hub.discussion_comments (id) ON DELETE CASCADE,
    body        TEXT        NOT NULL,
    written_at  TIMESTAMPTZ NOT NULL,
    replaced_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX discussion_comment_edits_comment ON hub.discussion_comment_edits (comment_id, id);

ALTER TABLE hub.reports DROP CONSTRAINT reports_target_kind_check;
ALTER TABLE hub.reports ADD CONSTRAINT reports_target_kind_check
    CHECK (target_kind IN ('environment', 'version', 'bounty', 'eval-run', 'comment'));
