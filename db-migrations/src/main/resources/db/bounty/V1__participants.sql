-- People the bounty service has seen (sponsors, contributors, reviewers), mirrored from their Keycloak token.
CREATE TABLE bounty.participants (
    subject        TEXT PRIMARY KEY,
    username       TEXT        NOT NULL,
    display_name   TEXT,
    first_seen_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_seen_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
