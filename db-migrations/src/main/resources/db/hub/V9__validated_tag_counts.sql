-- validated=true listings without a scan: hub.public_tag_pairs also counts, per pair of tags, the public environments
-- that have a validated version (validated_version IS NOT NULL), next to all public ones. The trigger now also follows
-- validated_version, and an UPDATE fires it only when something it counts changed (downloads, stars and the README
-- leave the counter rows alone, so they are not a point where every write to an environment queues).

ALTER TABLE hub.public_tag_pairs ADD COLUMN validated BIGINT NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION hub.public_tag_pairs_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    removed           TEXT[] := '{}';
    added             TEXT[] := '{}';
    removed_validated INT    := 0;
    added_validated   INT    := 0;
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.visibility = 'public' THEN
        removed := ARRAY(SELECT DISTINCT unnest(array_append(OLD.tags, '')));
        removed_validated := CASE WHEN OLD.validated_version IS NULL THEN 0 ELSE 1 END;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.visibility = 'public' THEN
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

DROP TRIGGER environments_public_tag_pairs ON hub.environments;
CREATE TRIGGER environments_public_tag_pairs AFTER INSERT OR DELETE
    ON hub.environments FOR EACH ROW EXECUTE FUNCTION hub.public_tag_pairs_track();
CREATE TRIGGER environments_public_tag_pairs_update AFTER UPDATE OF tags, visibility, validated_version
    ON hub.environments FOR EACH ROW
    WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.visibility IS DISTINCT FROM NEW.visibility
          OR (OLD.validated_version IS NULL) <> (NEW.validated_version IS NULL))
    EXECUTE FUNCTION hub.public_tag_pairs_track();

-- Recounts every pair from the table (for bulk loads that switch the triggers off, and as a repair); the caller
-- holds the lock that keeps the counted rows still.
CREATE FUNCTION hub.public_tag_pairs_rebuild() RETURNS void LANGUAGE sql AS $$
    DELETE FROM hub.public_tag_pairs;
    INSERT INTO hub.public_tag_pairs (tag, other, environments, validated)
    SELECT a, b, count(*), count(*) FILTER (WHERE e.validated_version IS NOT NULL)
      FROM hub.environments e,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS a) x,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS b) y
     WHERE e.visibility = 'public'
     GROUP BY a, b;
    INSERT INTO hub.public_tag_pairs (tag, other, environments) VALUES ('', '', 0) ON CONFLICT DO NOTHING;
$$;

-- (DROP TRIGGER above holds hub.environments exclusively until this migration commits)
SELECT hub.public_tag_pairs_rebuild();
