-- Issue 18: evaluation runs can be reported like environments, versions and bounties, and an admin can hide a run
-- from the leaderboards (reversible, with a reason; audited as eval-run.hide / eval-run.unhide) or delete it.

-- A run's report target is written owner/name/evals/<id> (kind eval-run); environment_id is the run's environment.
ALTER TABLE hub.reports DROP CONSTRAINT reports_target_kind_check;
ALTER TABLE hub.reports ADD CONSTRAINT reports_target_kind_check
    CHECK (target_kind IN ('environment', 'version', 'bounty', 'eval-run'));

-- Hidden: out of every list of runs (leaderboards, per version, per environment, per model); the run's own page still
-- answers and says it is hidden and why.
ALTER TABLE hub.eval_runs
    ADD COLUMN hidden_at     TIMESTAMPTZ,
    ADD COLUMN hidden_reason TEXT,
    ADD COLUMN hidden_by     TEXT;
