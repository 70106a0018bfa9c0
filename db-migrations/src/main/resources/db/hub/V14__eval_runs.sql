-- Evaluation runs (issue 18): results of a model on one exact version of an environment, as the verifiers tooling
-- writes them (metadata.json + results.jsonl), self-reported by whoever pushed them. The files live in the object
-- store, content-addressed under evals/sha256/<2>/<sha256> (the artifacts' key scheme under its own prefix, so the
-- artifact orphan sweeper never sees them); results are stored decompressed so that a page of rollouts is one ranged
-- read: page_offsets[i] is the byte offset of the first row of page i+1 (page_size rows per page).
CREATE TABLE hub.eval_runs (
    id                   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    environment_id       BIGINT           NOT NULL REFERENCES hub.environments (id) ON DELETE CASCADE,
    version_id           BIGINT           NOT NULL REFERENCES hub.versions (id) ON DELETE CASCADE,
    model                TEXT             NOT NULL,
    provider             TEXT,
    sampling_args        JSONB            NOT NULL DEFAULT '{}',
    num_examples         INTEGER          NOT NULL CHECK (num_examples > 0),
    rollouts_per_example INTEGER          NOT NULL CHECK (rollouts_per_example > 0),
    num_rollouts         INTEGER          NOT NULL CHECK (num_rollouts > 0),
    reward_mean          DOUBLE PRECISION NOT NULL,
    reward_std           DOUBLE PRECISION NOT NULL,
    metric_means         JSONB            NOT NULL DEFAULT '{}',
    pass_at_k            JSONB,
    -- cost in millionths of a US dollar (integer minor units), when the metadata states one
    cost_micro_usd       BIGINT,
    eval_date            TEXT,
    duration_ms          BIGINT,
    provenance           TEXT             NOT NULL DEFAULT 'self-reported' CHECK (provenance IN ('self-reported', 'verified')),
    metadata             JSONB            NOT NULL,
    metadata_key         TEXT             NOT NULL,
    results_key          TEXT             NOT NULL,
    results_sha256       TEXT             NOT NULL,
    results_bytes        BIGINT           NOT NULL,
    page_size            INTEGER          NOT NULL CHECK (page_size > 0),
    page_offsets         BIGINT[]         NOT NULL,
    submitted_by         BIGINT           REFERENCES hub.owners (id) ON DELETE SET NULL,
    created_at           TIMESTAMPTZ      NOT NULL DEFAULT now()
);
CREATE INDEX eval_runs_environment ON hub.eval_runs (environment_id, version_id, reward_mean DESC);
CREATE INDEX eval_runs_model ON hub.eval_runs (model, created_at DESC);
CREATE INDEX eval_runs_results_key ON hub.eval_runs (results_key);
CREATE INDEX eval_runs_metadata_key ON hub.eval_runs (metadata_key);
