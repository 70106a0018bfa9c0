-- Issue 33: an evaluation run the hub ran itself (a model endpoint called by the hub, the environment in the session
-- runner's sandbox, rewards from the environment's own step answers) has provenance 'hub-run'.
ALTER TABLE hub.eval_runs DROP CONSTRAINT eval_runs_provenance_check;
ALTER TABLE hub.eval_runs ADD CONSTRAINT eval_runs_provenance_check
    CHECK (provenance IN ('self-reported', 'verified', 'hub-run'));
CREATE INDEX eval_runs_provenance ON hub.eval_runs (environment_id, provenance, reward_mean DESC);
