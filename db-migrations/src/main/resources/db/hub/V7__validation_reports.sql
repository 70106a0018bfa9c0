-- validation results: one report per version, recorded once by the worker that held the job's lease

CREATE TABLE hub.validation_reports (
    version_id        BIGINT      PRIMARY KEY REFERENCES hub.versions (id) ON DELETE CASCADE,
    job_id            BIGINT      NOT NULL REFERENCES hub.validation_jobs (id) ON DELETE CASCADE,
    status            TEXT        NOT NULL CHECK (status IN ('validated', 'failed')),
    report            JSONB       NOT NULL,   -- as posted by the worker, plus trust.contamination computed by the hub
    fingerprint       JSONB,                  -- the dataset's MinHash fingerprint (null when the dataset was not reached)
    worker            TEXT        NOT NULL,   -- the lease holder that recorded it
    submitted_sha256  TEXT        NOT NULL,   -- sha256 of the report as posted: a repeated post is recognised
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX validation_reports_fingerprinted ON hub.validation_reports (version_id) WHERE fingerprint IS NOT NULL;
