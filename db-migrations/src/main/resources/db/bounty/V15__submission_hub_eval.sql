-- Issue 33: a sponsor may have the hub run an evaluation of a submitted version (a hub-run evaluation on hub-backend,
-- started from the review page with the sponsor's own model endpoint). The submitted version keeps the id of that run
-- so the review page can show its progress and result; the key and the endpoint stay on hub-backend (in memory only).
ALTER TABLE bounty.submission_versions
    ADD COLUMN hub_eval_run_id TEXT CHECK (hub_eval_run_id ~ '^[0-9A-Za-z-]{1,64}$'),
    ADD COLUMN hub_eval_requested_by TEXT,
    ADD COLUMN hub_eval_requested_at TIMESTAMPTZ;
