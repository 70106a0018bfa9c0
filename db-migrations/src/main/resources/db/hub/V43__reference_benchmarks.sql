-- reference benchmarks (issue 31): admins register a benchmark's items; the hub keeps only their MinHash fingerprint
-- (the same fingerprint as a dataset's, see io.envhub.format.fingerprint), never the items' text

CREATE TABLE hub.reference_sets (
    id           BIGSERIAL   PRIMARY KEY,
    name         TEXT        NOT NULL UNIQUE CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
    source_url   TEXT,
    licence      TEXT,
    items        INTEGER     NOT NULL CHECK (items > 0),
    fingerprint  JSONB       NOT NULL,   -- every item kept (no sampling): a dataset's sample is always a subset
    created_by   TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- re-checks of stored reports against every reference set, queued when a set is added or removed; claimed by the
-- hub's worker with FOR UPDATE SKIP LOCKED and a lease, like the other job tables
CREATE TABLE hub.benchmark_rechecks (
    id                BIGSERIAL   PRIMARY KEY,
    version_id        BIGINT      NOT NULL REFERENCES hub.versions (id) ON DELETE CASCADE,
    reference_set_id  BIGINT      REFERENCES hub.reference_sets (id) ON DELETE SET NULL, -- the set whose change queued it
    state             TEXT        NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done')),
    attempts          INTEGER     NOT NULL DEFAULT 0,
    lease_expires_at  TIMESTAMPTZ,
    last_error        TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX benchmark_rechecks_due ON hub.benchmark_rechecks (id) WHERE state <> 'done';
CREATE INDEX benchmark_rechecks_set ON hub.benchmark_rechecks (reference_set_id, state);
