-- Denormalised validation status of environments, for lists (search items, explore, "my environments") without a
-- join to the versions. hub-backend keeps these right in the transaction of every change to a version's status, yank
-- state or existence (io.envhub.registry.publish.EnvironmentStatus), with PEP 440 order from package-format.
--   latest_status      status of the version named by latest_version (null when there is none)
--   validated_version  the newest (PEP 440) validated, non-yanked version; null when there is none
--   validated_at       when that version became validated (its validation report was recorded)

ALTER TABLE hub.environments
    ADD COLUMN latest_status     TEXT CHECK (latest_status IN ('pending', 'validating', 'validated', 'failed', 'error')),
    ADD COLUMN validated_version TEXT,
    ADD COLUMN validated_at      TIMESTAMPTZ;
ALTER TABLE hub.environments
    ALTER COLUMN latest_status SET STORAGE MAIN,
    ALTER COLUMN validated_version SET STORAGE MAIN;

-- Backfill. Versions are stored in canonical PEP 440 form ([N!]N(.N)*[{a|b|rc}N][.postN][.devN][+local]); this
-- sort key orders them as PEP 440 does (release padded with zeros, so 1.0 = 1.0.0; dev < pre < final < post; a
-- local label is ignored). It is used here only and dropped below: the application orders with package-format.
CREATE FUNCTION hub.v8_pep440_key(v TEXT) RETURNS NUMERIC[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    m       TEXT[] := regexp_match(v, '^(?:(\d+)!)?(\d+(?:\.\d+)*)(?:(a|b|rc)(\d+))?(?:\.post(\d+))?(?:\.dev(\d+))?(?:\+.*)?$');
    release NUMERIC[];
    key     NUMERIC[];
BEGIN
    IF m IS NULL THEN
        RETURN ARRAY[-1]::NUMERIC[];
    END IF;
    release := string_to_array(m[2], '.')::NUMERIC[];
    key := ARRAY[coalesce(m[1], '0')::NUMERIC];
    FOR i IN 1..20 LOOP
        key := key || coalesce(release[i], 0);
    END LOOP;
    key := key || CASE WHEN m[3] IS NULL AND m[5] IS NULL AND m[6] IS NOT NULL THEN 0
                       WHEN m[3] IS NOT NULL THEN 1 ELSE 2 END::NUMERIC
               || CASE m[3] WHEN 'a' THEN 0 WHEN 'b' THEN 1 WHEN 'rc' THEN 2 ELSE 3 END::NUMERIC
               || coalesce(m[4], '0')::NUMERIC
               || coalesce(m[5]::NUMERIC, -1)
               || coalesce(m[6]::NUMERIC, 1e30);
    RETURN key;
END $$;

UPDATE hub.environments e SET latest_status = v.status
  FROM hub.versions v
 WHERE v.environment_id = e.id AND v.version = e.latest_version;

UPDATE hub.environments e SET validated_version = b.version, validated_at = b.validated_at
  FROM (SELECT DISTINCT ON (v.environment_id) v.environment_id, v.version, coalesce(r.created_at, v.created_at) AS validated_at
          FROM hub.versions v LEFT JOIN hub.validation_reports r ON r.version_id = v.id AND r.status = 'validated'
         WHERE v.status = 'validated' AND NOT v.yanked
         ORDER BY v.environment_id, hub.v8_pep440_key(v.version) DESC) b
 WHERE b.environment_id = e.id;

DROP FUNCTION hub.v8_pep440_key(TEXT);

-- validated=true filters and "newest validated" lists; visibility included so counting public ones reads the index only
CREATE INDEX environments_validated ON hub.environments (validated_at DESC, id) INCLUDE (visibility)
    WHERE validated_version IS NOT NULL;

-- trending: downloads of the last 7 days, read by day range (the primary key starts with the environment)
CREATE INDEX downloads_daily_day ON hub.downloads_daily (day, environment_id) INCLUDE (count);

-- "my environments": failed or errored versions of an environment
CREATE INDEX versions_failed ON hub.versions (environment_id) WHERE status IN ('failed', 'error');
