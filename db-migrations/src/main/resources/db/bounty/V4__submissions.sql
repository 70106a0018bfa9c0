-- Submissions of environment versions, with every submitted version kept (answering "changes requested" adds one).
CREATE TABLE bounty.submissions (
    id                  BIGSERIAL PRIMARY KEY,
    bounty_id           BIGINT      NOT NULL REFERENCES bounty.bounties (id) ON DELETE CASCADE,
    submitter_subject   TEXT        NOT NULL,
    submitter_username  TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'submitted'
                        CHECK (status IN ('submitted', 'in_review', 'changes_requested', 'approved', 'rejected', 'withdrawn')),
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    approved_at         TIMESTAMPTZ
);
-- one live submission per submitter and bounty
CREATE UNIQUE INDEX submissions_one_live ON bounty.submissions (bounty_id, submitter_subject)
    WHERE status IN ('submitted', 'in_review', 'changes_requested', 'approved');
CREATE INDEX submissions_submitter ON bounty.submissions (submitter_subject);

CREATE TABLE bounty.submission_versions (
    id             BIGSERIAL PRIMARY KEY,
    submission_id  BIGINT      NOT NULL REFERENCES bounty.submissions (id) ON DELETE CASCADE,
    number         INT         NOT NULL CHECK (number >= 1),
    environment    TEXT        NOT NULL,   -- owner/name
    version        TEXT        NOT NULL,
    sha256         TEXT        NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),   -- the reviewed bytes are the paid bytes
    submitted_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT submission_versions_number UNIQUE (submission_id, number)
);
