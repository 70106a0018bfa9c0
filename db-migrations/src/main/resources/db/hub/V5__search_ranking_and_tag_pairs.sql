-- Read side of the registry: fast search, facets and sorting over many environments.
--
-- 1. search_head: the name, tags and summary part of the full-text document (small, kept in the row). `search`
--    (which adds the README) still decides what matches; search_head ranks the matches, so ranking never has to
--    read (de-TOAST) the large document.
-- 2. The README and the full document are stored out of line (toast_tuple_target): the heap row stays narrow, so
--    scans for counts, facets and sorting touch few pages. Small columns are kept in the row (STORAGE MAIN).
-- 3. hub.public_tag_pairs: exact counts of public environments per pair of tags (and per tag, and in total), kept by a
--    trigger, so the browse page and one-tag pages need no scan for their total and facets.
-- 4. Indexes for sorting by name and for finding private environments.

ALTER TABLE hub.environments ADD COLUMN search_head TSVECTOR;

CREATE OR REPLACE FUNCTION hub.environments_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.search_head :=
        setweight(to_tsvector('simple', coalesce(NEW.name, '') || ' ' || replace(coalesce(NEW.name, ''), '-', ' ')), 'A') ||
        setweight(to_tsvector('simple', coalesce(array_to_string(NEW.tags, ' '), '')), 'A') ||
        setweight(to_tsvector('english', coalesce(NEW.summary, '')), 'B');
    NEW.search := NEW.search_head || setweight(to_tsvector('english', left(coalesce(NEW.readme, ''), 100000)), 'C');
    RETURN NEW;
END $$;

ALTER TABLE hub.environments
    ALTER COLUMN name SET STORAGE MAIN,
    ALTER COLUMN display_name SET STORAGE MAIN,
    ALTER COLUMN summary SET STORAGE MAIN,
    ALTER COLUMN tags SET STORAGE MAIN,
    ALTER COLUMN search_head SET STORAGE MAIN;
ALTER TABLE hub.environments SET (toast_tuple_target = 512);

-- recompute both documents of existing rows (the trigger fires on UPDATE OF name); rewritten rows take the new layout
UPDATE hub.environments SET name = name;

-- public_tag_pairs(tag, other) = how many public environments carry both tags, where '' is a tag every environment
-- has: ('', '') is the number of public environments, ('', t) the number with tag t, (t, u) the number with t and u.
-- So the browse page (no filter) and a one-tag page get their total and facets without a scan.
CREATE TABLE hub.public_tag_pairs (
    tag           TEXT   NOT NULL,
    other         TEXT   NOT NULL,
    environments  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tag, other)
);

CREATE FUNCTION hub.public_tag_pairs_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    removed TEXT[] := '{}';
    added   TEXT[] := '{}';
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.visibility = 'public' THEN
        removed := ARRAY(SELECT DISTINCT unnest(array_append(OLD.tags, '')));
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.visibility = 'public' THEN
        added := ARRAY(SELECT DISTINCT unnest(array_append(NEW.tags, '')));
    END IF;
    -- rows are locked in key order, so concurrent changes cannot deadlock on them
    INSERT INTO hub.public_tag_pairs AS c (tag, other, environments)
    SELECT a, b, sum(delta)
      FROM (SELECT a, b, -1 AS delta FROM unnest(removed) a, unnest(removed) b
            UNION ALL
            SELECT a, b, 1 FROM unnest(added) a, unnest(added) b) d
     GROUP BY a, b
    HAVING sum(delta) <> 0
     ORDER BY a, b
        ON CONFLICT (tag, other) DO UPDATE SET environments = c.environments + EXCLUDED.environments;
    RETURN NULL;
END $$;

CREATE TRIGGER environments_public_tag_pairs AFTER INSERT OR DELETE OR UPDATE OF tags, visibility
    ON hub.environments FOR EACH ROW EXECUTE FUNCTION hub.public_tag_pairs_track();

INSERT INTO hub.public_tag_pairs (tag, other, environments)
SELECT a, b, count(*)
  FROM hub.environments e,
       LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS a) x,
       LATERAL (SELECT DISTINCT unnest(array_append(e.tags, '')) AS b) y
 WHERE e.visibility = 'public'
 GROUP BY a, b;
INSERT INTO hub.public_tag_pairs (tag, other, environments) VALUES ('', '', 0) ON CONFLICT DO NOTHING;

CREATE INDEX environments_name_order ON hub.environments (name, id);
CREATE INDEX environments_private_owner ON hub.environments (owner_id) WHERE visibility = 'private';
