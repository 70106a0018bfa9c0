-- Reviews: a decision on one submitted version, with the acceptance checklist as ticked. Never edited.
CREATE TABLE bounty.reviews (
    id                     BIGSERIAL PRIMARY KEY,
    submission_id          BIGINT      NOT NULL REFERENCES bounty.submissions (id) ON DELETE CASCADE,
    submission_version_id  BIGINT      NOT NULL REFERENCES bounty.submission_versions (id) ON DELETE CASCADE,
    reviewer_subject       TEXT        NOT NULL,
    reviewer_username      TEXT        NOT NULL,
    decision               TEXT        NOT NULL CHECK (decision IN ('approve', 'request_changes', 'reject')),
    comment                TEXT        NOT NULL DEFAULT '',
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX reviews_submission ON bounty.reviews (submission_id, id);
-- one approval per submission: approving twice records one approval
CREATE UNIQUE INDEX reviews_one_approval ON bounty.reviews (submission_id) WHERE decision = 'approve';

CREATE TABLE bounty.review_checklist (
    review_id  BIGINT  NOT NULL REFERENCES bounty.reviews (id) ON DELETE CASCADE,
    position   INT     NOT NULL,
    criterion  TEXT    NOT NULL,
    met        BOOLEAN NOT NULL,
    PRIMARY KEY (review_id, position)
);
