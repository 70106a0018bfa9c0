-- The verdict users read (issue 14): trust_status is one of verified, flagged, static-only, failed, validating, error,
-- computed by hub-backend (io.envhub.registry.validation.TrustVerdict) from a version's status and its stored validation
-- report, and kept on the version row in the transaction that changes the version's status. Lists read it without
-- parsing reports:
--   versions.trust_status / runtime_verified / trust_flags ([{code, message}]) / status_reason   the version's verdict
--   environments.(same four columns)   the verdict of the environment's newest validated, non-yanked version, else of
--                                      its latest version (null when it has neither); kept by EnvironmentStatus with
--                                      latest_status and validated_version (V8)
-- hub.public_tag_status counts public environments per pair of tags and verdict (like hub.public_tag_pairs, V5/V9),
-- so listings filtered by status, and the statuses facet of every listing, read counters instead of scanning.

ALTER TABLE hub.versions
    ADD COLUMN trust_status     TEXT    NOT NULL DEFAULT 'validating'
        CHECK (trust_status IN ('verified', 'flagged', 'static-only', 'failed', 'validating', 'error')),
    ADD COLUMN runtime_verified BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN trust_flags      JSONB   NOT NULL DEFAULT '[]',
    ADD COLUMN status_reason    TEXT;

ALTER TABLE hub.environments
    ADD COLUMN trust_status     TEXT CHECK (trust_status IN ('verified', 'flagged', 'static-only', 'failed', 'validating', 'error')),
    ADD COLUMN runtime_verified BOOLEAN,
    ADD COLUMN trust_flags      JSONB,
    ADD COLUMN status_reason    TEXT;
ALTER TABLE hub.environments ALTER COLUMN trust_status SET STORAGE MAIN;

-- validation metrics: when a job was (last) queued and (last) claimed; null for jobs from before this migration
-- (queued_at falls back to created_at)
ALTER TABLE hub.validation_jobs ADD COLUMN queued_at TIMESTAMPTZ, ADD COLUMN claimed_at TIMESTAMPTZ;
ALTER TABLE hub.validation_jobs ALTER COLUMN queued_at SET DEFAULT now();

-- Backfill of the versions: the same mapping as TrustVerdict (used here only; the application maps with that class).
UPDATE hub.versions v SET runtime_verified = b.runtime_verified, trust_flags = b.flags,
       trust_status = CASE
           WHEN v.status IN ('pending', 'validating') THEN 'validating'
           WHEN v.status IN ('failed', 'error') THEN v.status
           WHEN NOT b.runtime_verified THEN 'static-only'
           WHEN jsonb_array_length(b.flags) > 0 THEN 'flagged'
           ELSE 'verified' END,
       status_reason = CASE
           WHEN v.status = 'error' THEN coalesce(b.last_error, 'validation failed for infrastructure reasons')
           WHEN v.status = 'failed' THEN coalesce(b.failing, b.summary, 'validation failed')
           WHEN v.status = 'validated' AND NOT b.runtime_verified
               THEN coalesce(b.skip_reason, b.skipped, 'the runtime checks did not run') END
  FROM (SELECT x.id,
               coalesce(CASE WHEN x.status IN ('validated', 'failed') AND jsonb_typeof(r.report -> 'runtimeVerified') = 'boolean'
                             THEN (r.report ->> 'runtimeVerified')::boolean END, false) AS runtime_verified,
               nullif(btrim(r.report ->> 'skipReason'), '') AS skip_reason,
               nullif(btrim(r.report ->> 'summary'), '') AS summary,
               (SELECT j.last_error FROM hub.validation_jobs j WHERE j.version_id = x.id ORDER BY j.id DESC LIMIT 1) AS last_error,
               (SELECT (c ->> 'id') || ': ' || coalesce(c ->> 'message', '')
                  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.report -> 'checks') = 'array' THEN r.report -> 'checks' END)
                       WITH ORDINALITY AS t(c, n)
                 WHERE c ->> 'status' = 'fail' ORDER BY n LIMIT 1) AS failing,
               (SELECT string_agg(m, '; ' ORDER BY n) FROM (
                    SELECT c ->> 'message' AS m, min(n) AS n
                      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.report -> 'checks') = 'array' THEN r.report -> 'checks' END)
                           WITH ORDINALITY AS t(c, n)
                     WHERE c ->> 'status' = 'skip' AND c ->> 'id' LIKE 'runtime.%' AND coalesce(c ->> 'message', '') <> ''
                     GROUP BY c ->> 'message') s) AS skipped,
               coalesce((SELECT jsonb_agg(jsonb_build_object('code', code, 'message', message) ORDER BY n) FROM (
                    SELECT n, CASE WHEN f ILIKE 'reward hacking%' OR f ILIKE 'the rubric failed%' THEN 'reward-hacking'
                                   WHEN f ILIKE 'not deterministic%' THEN 'non-deterministic'
                                   WHEN f ILIKE '%top-level%' THEN 'top-level-files'
                                   ELSE 'other' END AS code,
                           regexp_replace(f, '^(reward hacking|not deterministic): ', '', 'i') AS message
                      FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.report -> 'trust' -> 'flags') = 'array'
                                                          THEN r.report -> 'trust' -> 'flags' END) WITH ORDINALITY AS t(f, n)
                    UNION ALL
                    SELECT 1000000, 'dataset-overlap',
                           CASE WHEN count(*) = 1
                                THEN round(max((m ->> 'overlap')::numeric) * 100) || '% of the dataset''s rows appear in another environment''s dataset'
                                ELSE 'up to ' || round(max((m ->> 'overlap')::numeric) * 100) || '% of the dataset''s rows appear in '
                                     || count(*) || ' other environments'' datasets' END
                      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.report -> 'trust' -> 'contamination') = 'array'
                                                     THEN r.report -> 'trust' -> 'contamination' END) m
                    HAVING count(*) > 0) fl), '[]'::jsonb) AS flags
          FROM hub.versions x LEFT JOIN hub.validation_reports r ON r.version_id = x.id) b
 WHERE b.id = v.id;

-- the environments: the verdict of the version lists show (validated_version, else latest_version)
UPDATE hub.environments e SET trust_status = v.trust_status, runtime_verified = v.runtime_verified,
       trust_flags = v.trust_flags, status_reason = v.status_reason
  FROM hub.versions v
 WHERE v.environment_id = e.id AND v.version = coalesce(e.validated_version, e.latest_version);

-- status=... filters over everything (searches with text, owner or several tags filter their match set)
CREATE INDEX environments_trust_status ON hub.environments (trust_status) INCLUDE (visibility) WHERE trust_status IS NOT NULL;

-- public_tag_status(tag, other, status) = how many public environments carry both tags and have that verdict
-- ('' is a tag every environment carries, as in hub.public_tag_pairs)
CREATE TABLE hub.public_tag_status (
    tag          TEXT   NOT NULL,
    other        TEXT   NOT NULL,
    status       TEXT   NOT NULL,
    environments BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tag, status, other)
);

CREATE FUNCTION hub.public_tag_status_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    removed        TEXT[] := '{}';
    added          TEXT[] := '{}';
    removed_status TEXT;
    added_status   TEXT;
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.visibility = 'public' AND OLD.trust_status IS NOT NULL THEN
        removed := ARRAY(SELECT DISTINCT unnest(array_append(OLD.tags, '')));
        removed_status := OLD.trust_status;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.visibility = 'public' AND NEW.trust_status IS NOT NULL THEN
        added := ARRAY(SELECT DISTINCT unnest(array_append(NEW.tags, '')));
        added_status := NEW.trust_status;
    END IF;
    -- rows are locked in key order, so concurrent changes cannot deadlock on them
    INSERT INTO hub.public_tag_status AS c (tag, status, other, environments)
    SELECT a, s, b, sum(delta)
      FROM (SELECT a, removed_status AS s, b, -1 AS delta FROM unnest(removed) a, unnest(removed) b
            UNION ALL
            SELECT a, added_status, b, 1 FROM unnest(added) a, unnest(added) b) d
     GROUP BY a, s, b
    HAVING sum(delta) <> 0
     ORDER BY a, s, b
        ON CONFLICT (tag, status, other) DO UPDATE SET environments = c.environments + EXCLUDED.environments;
    RETURN NULL;
END $$;

CREATE TRIGGER environments_public_tag_status AFTER INSERT OR DELETE
    ON hub.environments FOR EACH ROW EXECUTE FUNCTION hub.public_tag_status_track();
CREATE TRIGGER environments_public_tag_status_update AFTER UPDATE OF tags, visibility, trust_status
    ON hub.environments FOR EACH ROW
    WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.visibility IS DISTINCT FROM NEW.visibility
          OR OLD.trust_status IS DISTINCT FROM NEW.trust_status)
    EXECUTE FUNCTION hub.public_tag_status_track();

-- The repair / bulk-load recount (V9) now recounts both counter tables; the caller holds the lock that keeps the
-- counted rows still.
CREATE OR REPLACE FUNCTION hub.public_tag_pairs_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM hub.public_tag_pairs;
    INSERT INTO hub.public_tag_pairs (tag, other, environments, validated)
    SELECT a, b, count(*), count(*) FILTER (WHERE e.validated_version IS NOT NULL)
      FROM hub.environments e,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS a) x,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS b) y
     WHERE e.visibility = 'public'
     GROUP BY a, b;
    INSERT INTO hub.public_tag_pairs (tag, other, environments) VALUES ('', '', 0) ON CONFLICT DO NOTHING;
    DELETE FROM hub.public_tag_status;
    INSERT INTO hub.public_tag_status (tag, status, other, environments)
    SELECT a, e.trust_status, b, count(*)
      FROM hub.environments e,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS a) x,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS b) y
     WHERE e.visibility = 'public' AND e.trust_status IS NOT NULL
     GROUP BY a, e.trust_status, b;
$$;

-- (CREATE TRIGGER above holds hub.environments in SHARE ROW EXCLUSIVE mode until this migration commits)
SELECT hub.public_tag_pairs_rebuild();
