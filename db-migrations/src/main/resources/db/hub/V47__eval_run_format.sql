-- Issue 30: evaluation runs come as verifiers v0 run directories (metadata.json + results.jsonl) or as verifiers v1 run
-- directories (configs/<cli>.json + traces.jsonl, one episode per line). The stored results object is the file as sent
-- (decompressed); format says how to read it: verifiers-v0 pages count rollout rows, verifiers-v1 pages count episodes.
ALTER TABLE hub.eval_runs
    ADD COLUMN format TEXT NOT NULL DEFAULT 'verifiers-v0' CHECK (format IN ('verifiers-v0', 'verifiers-v1'));
