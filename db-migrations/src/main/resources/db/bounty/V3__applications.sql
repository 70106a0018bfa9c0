-- Applications to application-only bounties: a proposal, decided by the sponsor or an admin.
CREATE TABLE bounty.applications (
    id                  BIGSERIAL PRIMARY KEY,
    bounty_id           BIGINT      NOT NULL REFERENCES bounty.bounties (id) ON DELETE CASCADE,
    applicant_subject   TEXT        NOT NULL,
    applicant_username  TEXT        NOT NULL,
    proposal            TEXT        NOT NULL CHECK (octet_length(proposal) <= 10240),
    status              TEXT        NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'accepted', 'rejected', 'withdrawn')),
    decision_comment    TEXT,
    decided_by          TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    decided_at          TIMESTAMPTZ
);
-- one live application per applicant and bounty
CREATE UNIQUE INDEX applications_one_live ON bounty.applications (bounty_id, applicant_subject)
    WHERE status IN ('pending', 'accepted');
CREATE INDEX applications_applicant ON bounty.applications (applicant_subject);
