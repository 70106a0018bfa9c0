-- Issue 33: hub-run evaluations while they run. The model endpoint's API key is never stored: it lives in the memory
-- of the hub-backend instance running the evaluation, for the run only. That instance renews heartbeat_at while it
-- runs; a run whose heartbeat stopped (its instance stopped or restarted) is marked failed ('interrupted') by any
-- instance. A finished run points at the evaluation run it became (eval_run_id, provenance 'hub-run').
CREATE TABLE hub.hub_eval_runs (
    id                   TEXT        PRIMARY KEY CHECK (char_length(id) BETWEEN 16 AND 64),
    user_id              BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    environment_id       BIGINT      NOT NULL REFERENCES hub.environments (id) ON DELETE CASCADE,
    version_id           BIGINT      NOT NULL REFERENCES hub.versions (id) ON DELETE CASCADE,
    status               TEXT        NOT NULL DEFAULT 'queued'
                                     CHECK (status IN ('queued', 'running', 'finished', 'failed', 'cancelled')),
    model                TEXT        NOT NULL CHECK (char_length(model) <= 200),
    -- the endpoint's scheme, host and port only (no path, no user info): where the hub sent the prompts
    endpoint_host        TEXT        NOT NULL CHECK (char_length(endpoint_host) <= 300),
    sampling_args        JSONB       NOT NULL DEFAULT '{}',
    num_examples         INTEGER     NOT NULL CHECK (num_examples > 0),
    rollouts_per_example INTEGER     NOT NULL CHECK (rollouts_per_example > 0),
    done                 INTEGER     NOT NULL DEFAULT 0,
    total                INTEGER     NOT NULL CHECK (total > 0),
    reward_sum           DOUBLE PRECISION NOT NULL DEFAULT 0,
    error                TEXT        CHECK (char_length(error) <= 1000),
    eval_run_id          BIGINT      REFERENCES hub.eval_runs (id) ON DELETE SET NULL,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    heartbeat_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    ended_at             TIMESTAMPTZ
);
-- a user's active runs (the per-user limit) and every active run (the interrupted-run sweep)
CREATE INDEX hub_eval_runs_active_user ON hub.hub_eval_runs (user_id) WHERE status IN ('queued', 'running');
CREATE INDEX hub_eval_runs_active ON hub.hub_eval_runs (heartbeat_at) WHERE status IN ('queued', 'running');

-- The hosted session a hub-run evaluation drives (one per run): it counts for the runner's placement but not in the
-- user's open sessions.
ALTER TABLE hub.hosted_sessions ADD COLUMN hub_eval_run_id TEXT REFERENCES hub.hub_eval_runs (id) ON DELETE SET NULL;
