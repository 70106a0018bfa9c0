-- Payouts: one per approved submission, written in the approval's transaction (the outbox of the payout worker).
-- pending -> sent (handed to the provider) -> confirmed (provider / admin confirmed; only now "paid") | failed;
-- failed -> pending again on retry (attempt + 1). The idempotency key is derived from the submission; the provider is
-- called with key:attempt so a crashed worker repeating a call never pays twice.
CREATE TABLE bounty.payouts (
    id                  BIGSERIAL PRIMARY KEY,
    submission_id       BIGINT      NOT NULL UNIQUE REFERENCES bounty.submissions (id),
    bounty_id           BIGINT      NOT NULL REFERENCES bounty.bounties (id),
    payee_subject       TEXT        NOT NULL,
    payee_username      TEXT        NOT NULL,
    amount_minor        BIGINT      NOT NULL CHECK (amount_minor > 0),
    currency            TEXT        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    idempotency_key     TEXT        NOT NULL UNIQUE,
    attempt             INT         NOT NULL DEFAULT 1 CHECK (attempt >= 1),
    status              TEXT        NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'sent', 'confirmed', 'failed')),
    provider            TEXT        NOT NULL,
    provider_reference  TEXT,                       -- the provider's id of the transfer (sent)
    external_reference  TEXT,                       -- the confirmation's reference (bank transfer id, ...)
    failure             TEXT,
    lease_owner         TEXT,
    lease_until         TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at             TIMESTAMPTZ,
    confirmed_at        TIMESTAMPTZ,
    failed_at           TIMESTAMPTZ,
    confirmed_by        TEXT,
    CONSTRAINT payouts_confirmed_has_reference CHECK (status <> 'confirmed' OR (external_reference IS NOT NULL
                                                                               AND confirmed_at IS NOT NULL))
);
CREATE INDEX payouts_status ON bounty.payouts (status, created_at);
CREATE INDEX payouts_payee ON bounty.payouts (payee_subject);
CREATE INDEX payouts_bounty ON bounty.payouts (bounty_id);
