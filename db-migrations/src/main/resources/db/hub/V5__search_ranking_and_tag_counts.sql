-- Read side of the registry: fast search, facets and sorting over many environments.
--
-- 1. search_head: the name, tags and summary part of the full-text document (small, kept in the row). `search`
--    (which adds the README) still decides what matches; search_head ranks the matches, so ranking never has to
--    read (de-TOAST) the large document.
-- 2. The README and the full document are stored out of line (toast_tuple_target): the heap row stays narrow, so
--    scans for counts, facets and sorting touch few pages. Small columns are kept in the row (STORAGE MAIN).
-- 3. hub.public_tag_counts: exact counts of public environments per tag (and in total, tag ''), kept by a trigger,
--    so the unfiltered browse page needs no scan for its total and facets.
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

CREATE TABLE hub.public_tag_counts (
    tag           TEXT   PRIMARY KEY,            -- '' counts all public environments
    environments  BIGINT NOT NULL DEFAULT 0
);

CREATE FUNCTION hub.public_tag_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    removed TEXT[] := '{}';
    added   TEXT[] := '{}';
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.visibility = 'public' THEN
        removed := array_append(OLD.tags, '');
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.visibility = 'public' THEN
        added := array_append(NEW.tags, '');
    END IF;
    -- rows are locked in tag order, so concurrent changes cannot deadlock on them
    INSERT INTO hub.public_tag_counts AS c (tag, environments)
    SELECT tag, sum(delta)
      FROM (SELECT DISTINCT unnest(removed) AS tag, -1 AS delta
            UNION ALL
            SELECT DISTINCT unnest(added), 1) d
     GROUP BY tag
    HAVING sum(delta) <> 0
     ORDER BY tag
        ON CONFLICT (tag) DO UPDATE SET environments = c.environments + EXCLUDED.environments;
    RETURN NULL;
END $$;

CREATE TRIGGER environments_public_tag_counts AFTER INSERT OR DELETE OR UPDATE OF tags, visibility
    ON hub.environments FOR EACH ROW EXECUTE FUNCTION hub.public_tag_counts_track();

INSERT INTO hub.public_tag_counts (tag, environments)
SELECT t, count(DISTINCT e.id)
  FROM hub.environments e, unnest(array_append(e.tags, '')) t
 WHERE e.visibility = 'public'
 GROUP BY t;
INSERT INTO hub.public_tag_counts (tag, environments) VALUES ('', 0) ON CONFLICT (tag) DO NOTHING;

CREATE INDEX environments_name_order ON hub.environments (name, id);
CREATE INDEX environments_private_owner ON hub.environments (owner_id) WHERE visibility = 'private';
