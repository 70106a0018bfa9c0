-- The licence facet of listings without a scan (issue 17): counting the licences of every match made the browse page
-- read all public environments on each request (~100 ms at 100,000 environments, most of the page's time).
-- hub.public_tag_licenses(tag, license, status) = how many listed environments (public, not unlisted) carry the tag
-- ('' is a tag every environment carries, as in hub.public_tag_pairs) with that licence and verdict (status: the
-- trust_status, '' when none), and how many of them have a validated version. Only licences the facet offers are
-- counted: short names, not licence texts (io.envhub.registry.search.LicenseFacet: at most 64 characters, one line).
-- Unlike the tag counters it leaves unlisted environments out, as the scan it replaces did.
CREATE TABLE hub.public_tag_licenses (
    tag          TEXT   NOT NULL,
    license      TEXT   NOT NULL,
    status       TEXT   NOT NULL,
    environments BIGINT NOT NULL DEFAULT 0,
    validated    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tag, license, status)
);

CREATE FUNCTION hub.public_tag_licenses_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    removed           TEXT[] := '{}';
    added             TEXT[] := '{}';
    removed_license   TEXT;
    added_license     TEXT;
    removed_status    TEXT;
    added_status      TEXT;
    removed_validated INT    := 0;
    added_validated   INT    := 0;
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.visibility = 'public' AND OLD.unlisted_at IS NULL AND OLD.license IS NOT NULL
            AND length(OLD.license) <= 64 AND strpos(OLD.license, chr(10)) = 0 THEN
        removed := ARRAY(SELECT DISTINCT unnest(array_append(OLD.tags, '')));
        removed_license := OLD.license;
        removed_status := coalesce(OLD.trust_status, '');
        removed_validated := CASE WHEN OLD.validated_version IS NULL THEN 0 ELSE 1 END;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.visibility = 'public' AND NEW.unlisted_at IS NULL AND NEW.license IS NOT NULL
            AND length(NEW.license) <= 64 AND strpos(NEW.license, chr(10)) = 0 THEN
        added := ARRAY(SELECT DISTINCT unnest(array_append(NEW.tags, '')));
        added_license := NEW.license;
        added_status := coalesce(NEW.trust_status, '');
        added_validated := CASE WHEN NEW.validated_version IS NULL THEN 0 ELSE 1 END;
    END IF;
    -- rows are locked in key order, so concurrent changes cannot deadlock on them
    INSERT INTO hub.public_tag_licenses AS c (tag, license, status, environments, validated)
    SELECT t, l, s, sum(delta), sum(validated_delta)
      FROM (SELECT t, removed_license AS l, removed_status AS s, -1 AS delta, -removed_validated AS validated_delta
              FROM unnest(removed) t
            UNION ALL
            SELECT t, added_license, added_status, 1, added_validated FROM unnest(added) t) d
     GROUP BY t, l, s
    HAVING sum(delta) <> 0 OR sum(validated_delta) <> 0
     ORDER BY t, l, s
        ON CONFLICT (tag, license, status) DO UPDATE SET environments = c.environments + EXCLUDED.environments,
                                                          validated = c.validated + EXCLUDED.validated;
    RETURN NULL;
END $$;

CREATE TRIGGER environments_public_tag_licenses AFTER INSERT OR DELETE
    ON hub.environments FOR EACH ROW EXECUTE FUNCTION hub.public_tag_licenses_track();
CREATE TRIGGER environments_public_tag_licenses_update
    AFTER UPDATE OF tags, visibility, unlisted_at, license, trust_status, validated_version
    ON hub.environments FOR EACH ROW
    WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.visibility IS DISTINCT FROM NEW.visibility
          OR (OLD.unlisted_at IS NULL) <> (NEW.unlisted_at IS NULL) OR OLD.license IS DISTINCT FROM NEW.license
          OR OLD.trust_status IS DISTINCT FROM NEW.trust_status
          OR (OLD.validated_version IS NULL) <> (NEW.validated_version IS NULL))
    EXECUTE FUNCTION hub.public_tag_licenses_track();

-- The repair / bulk-load recount (V9, V11) now recounts the licences too; the caller holds the lock that keeps the
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
    DELETE FROM hub.public_tag_licenses;
    INSERT INTO hub.public_tag_licenses (tag, license, status, environments, validated)
    SELECT t, e.license, coalesce(e.trust_status, ''), count(*), count(*) FILTER (WHERE e.validated_version IS NOT NULL)
      FROM hub.environments e,
           LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS t) x
     WHERE e.visibility = 'public' AND e.unlisted_at IS NULL AND e.license IS NOT NULL AND length(e.license) <= 64
       AND strpos(e.license, chr(10)) = 0
     GROUP BY t, e.license, coalesce(e.trust_status, '');
$$;

-- (CREATE TRIGGER above holds hub.environments in SHARE ROW EXCLUSIVE mode until this migration commits)
INSERT INTO hub.public_tag_licenses (tag, license, status, environments, validated)
SELECT t, e.license, coalesce(e.trust_status, ''), count(*), count(*) FILTER (WHERE e.validated_version IS NOT NULL)
  FROM hub.environments e,
       LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS t) x
 WHERE e.visibility = 'public' AND e.unlisted_at IS NULL AND e.license IS NOT NULL AND length(e.license) <= 64
   AND strpos(e.license, chr(10)) = 0
 GROUP BY t, e.license, coalesce(e.trust_status, '');
