-- Counts agree with lists (issue 17): hub.public_tag_pairs (V5, V9) and hub.public_tag_status (V11) counted every public
-- environment, unlisted ones too, while every listing leaves unlisted environments out (search, explore, the index). So a
-- facet said "text (12)" over a list of 11, and an unlisted environment's existence showed through the counts. From here
-- on both count listed environments only (public and not unlisted), like hub.public_tag_licenses (V16): their trigger
-- functions test unlisted_at, their update triggers also fire when unlisted_at changes (NULL or not), and the recount
-- leaves unlisted environments out. Readers add what else the caller may read (private environments, and their own or, for
-- an admin, every unlisted one), counted on the spot (io.envhub.registry.search.SearchSql#listingStats).
-- The trigger names stay as they were (bench/seed-environments.sql switches them off and on by name).

CREATE OR REPLACE FUNCTION hub.public_tag_pairs_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    removed           TEXT[] := '{}';
    added             TEXT[] := '{}';
    removed_validated INT    := 0;
    added_validated   INT    := 0;
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.visibility = 'public' AND OLD.unlisted_at IS NULL THEN
        removed := ARRAY(SELECT DISTINCT unnest(array_append(OLD.tags, '')));
        removed_validated := CASE WHEN OLD.validated_version IS NULL THEN 0 ELSE 1 END;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.visibility = 'public' AND NEW.unlisted_at IS NULL THEN
        added := ARRAY(SELECT DISTINCT unnest(array_append(NEW.tags, '')));
        added_validated := CASE WHEN NEW.validated_version IS NULL THEN 0 ELSE 1 END;
    END IF;
    -- rows are locked in key order, so concurrent changes cannot deadlock on them
    INSERT INTO hub.public_tag_pairs AS c (tag, other, environments, validated)
    SELECT a, b, sum(delta), sum(validated_delta)
      FROM (SELECT a, b, -1 AS delta, -removed_validated AS validated_delta FROM unnest(removed) a, unnest(removed) b
            UNION ALL
            SELECT a, b, 1, added_validated FROM unnest(added) a, unnest(added) b) d
     GROUP BY a, b
    HAVING sum(delta) <> 0 OR sum(validated_delta) <> 0
     ORDER BY a, b
        ON CONFLICT (tag, other) DO UPDATE SET environments = c.environments + EXCLUDED.environments,
                                                validated = c.validated + EXCLUDED.validated;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION hub.public_tag_status_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    removed        TEXT[] := '{}';
    added          TEXT[] := '{}';
    removed_status TEXT;
    added_status   TEXT;
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.visibility = 'public' AND OLD.unlisted_at IS NULL AND OLD.trust_status IS NOT NULL THEN
        removed := ARRAY(SELECT DISTINCT unnest(array_append(OLD.tags, '')));
        removed_status := OLD.trust_status;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.visibility = 'public' AND NEW.unlisted_at IS NULL AND NEW.trust_status IS NOT NULL THEN
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

DROP TRIGGER environments_public_tag_pairs_update ON hub.environments;
CREATE TRIGGER environments_public_tag_pairs_update AFTER UPDATE OF tags, visibility, unlisted_at, validated_version
    ON hub.environments FOR EACH ROW
    WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.visibility IS DISTINCT FROM NEW.visibility
          OR (OLD.unlisted_at IS NULL) <> (NEW.unlisted_at IS NULL)
          OR (OLD.validated_version IS NULL) <> (NEW.validated_version IS NULL))
    EXECUTE FUNCTION hub.public_tag_pairs_track();

DROP TRIGGER environments_public_tag_status_update ON hub.environments;
CREATE TRIGGER environments_public_tag_status_update AFTER UPDATE OF tags, visibility, unlisted_at, trust_status
    ON hub.environments FOR EACH ROW
    WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.visibility IS DISTINCT FROM NEW.visibility
          OR (OLD.unlisted_at IS NULL) <> (NEW.unlisted_at IS NULL)
          OR OLD.trust_status IS DISTINCT FROM NEW.trust_status)
    EXECUTE FUNCTION hub.public_tag_status_track();

-- The repair / bulk-load recount (V9, V11, V16), listed environments only in every counter table; the caller holds the
-- lock that keeps the counted rows still.
CREATE OR REPLACE FUNCTION hub.public_tag_pairs_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM hub.public_tag_pairs;
    INSERT INTO hub.public_tag_pairs (tag, other, environments, validated)
    SELECT a, b, count(*), count(*) FILTER (WHERE e.validated_version IS NOT NULL)
      FROM hub.environments e,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS a) x,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS b) y
     WHERE e.visibility = 'public' AND e.unlisted_at IS NULL
     GROUP BY a, b;
    INSERT INTO hub.public_tag_pairs (tag, other, environments) VALUES ('', '', 0) ON CONFLICT DO NOTHING;
    DELETE FROM hub.public_tag_status;
    INSERT INTO hub.public_tag_status (tag, status, other, environments)
    SELECT a, e.trust_status, b, count(*)
      FROM hub.environments e,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS a) x,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS b) y
     WHERE e.visibility = 'public' AND e.unlisted_at IS NULL AND e.trust_status IS NOT NULL
     GROUP BY a, e.trust_status, b;
    DELETE FROM hub.public_tag_licenses;
    INSERT INTO hub.public_tag_licenses (tag, license, status, environments, validated)
    SELECT t, e.license, coalesce(e.trust_status, ''), count(*), count(*) FILTER (WHERE e.validated_version IS NOT NULL)
      FROM hub.environments e,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS t) x
     WHERE e.visibility = 'public' AND e.unlisted_at IS NULL AND e.license IS NOT NULL AND length(e.license) <= 64
       AND strpos(e.license, chr(10)) = 0
     GROUP BY t, e.license, coalesce(e.trust_status, '');
$$;

-- What the readers count on the spot besides the counters: the environments that are not listed (private or unlisted)
-- of the caller's owners; environments_private_owner (V5) covers private ones only.
CREATE INDEX environments_unlisted_owner ON hub.environments (owner_id) WHERE unlisted_at IS NOT NULL;

-- Backfill: recount (DROP TRIGGER above holds hub.environments exclusively until this migration commits)
SELECT hub.public_tag_pairs_rebuild();
