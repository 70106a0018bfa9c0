-- What a common word's search reads of its candidates, kept in hub.search_docs_top too (issue 17). A common word is
-- answered from its TOP_K_CAP + 1 most downloaded matches, usually all inside hub.search_docs_top (V20). The search
-- then ranked them, counted their facets and chose the page from columns it read in hub.environments, one row at a
-- time by primary key: 1,001 index probes for "math" at 100,000 environments (~1 ms of the statement's ~9). The top
-- now carries those columns (name, tags, star and download counts, last update, trust status, licence and the ranking
-- document search_head), so a common word's candidates come from its rows alone; only the page's 20 winners are read
-- in hub.environments. hub.search_docs does not carry them: a word found there (fewer matches in the top) is rare
-- enough that reading its matches by primary key costs little.
--
-- Kept equal to hub.environments in the same transaction: a row coming into the top (a trigger of V20, or a move)
-- copies them from the environment, and a trigger on hub.environments copies a change of any of them into the top
-- (nothing happens when the environment is outside it).

ALTER TABLE hub.search_docs_top
    ADD COLUMN name         TEXT,
    ADD COLUMN tags         TEXT[],
    ADD COLUMN star_count   INTEGER,
    ADD COLUMN updated_at   TIMESTAMPTZ,
    ADD COLUMN trust_status TEXT,
    ADD COLUMN license      TEXT,
    ADD COLUMN search_head  TSVECTOR;
-- small, read for every candidate: kept in the row (compressed if need be), not moved out of line as `search` is
ALTER TABLE hub.search_docs_top ALTER COLUMN tags SET STORAGE MAIN, ALTER COLUMN search_head SET STORAGE MAIN;

UPDATE hub.search_docs_top top
   SET name = e.name, tags = e.tags, star_count = e.star_count, updated_at = e.updated_at,
       trust_status = e.trust_status, license = e.license, search_head = e.search_head
  FROM hub.environments e
 WHERE e.id = top.environment_id;

ALTER TABLE hub.search_docs_top
    ALTER COLUMN name SET NOT NULL,
    ALTER COLUMN tags SET NOT NULL,
    ALTER COLUMN star_count SET NOT NULL,
    ALTER COLUMN updated_at SET NOT NULL;

-- as V20's, a row coming in also brings the environment's ranking columns
CREATE OR REPLACE FUNCTION hub.search_docs_top_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t BIGINT;
BEGIN
    SELECT download_count INTO t FROM hub.search_docs_top_threshold FOR SHARE;
    IF NEW.download_count >= t THEN
        -- inside already: the small columns only (the document is not copied again)
        UPDATE hub.search_docs_top SET owner_id = NEW.owner_id, listed = NEW.listed, download_count = NEW.download_count
         WHERE environment_id = NEW.environment_id;
        IF NOT FOUND THEN
            INSERT INTO hub.search_docs_top (environment_id, owner_id, listed, download_count, search, name, tags,
                                             star_count, updated_at, trust_status, license, search_head)
            SELECT NEW.environment_id, NEW.owner_id, NEW.listed, NEW.download_count, NEW.search, e.name, e.tags,
                   e.star_count, e.updated_at, e.trust_status, e.license, e.search_head
              FROM hub.environments e WHERE e.id = NEW.environment_id;
        END IF;
    ELSE
        DELETE FROM hub.search_docs_top WHERE environment_id = NEW.environment_id;
    END IF;
    RETURN NULL;
END $$;

-- as V20's, the rows let in also bring their environments' ranking columns
CREATE OR REPLACE FUNCTION hub.move_search_docs_top(t BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM hub.search_docs_top_threshold FOR UPDATE;
    UPDATE hub.search_docs_top_threshold SET download_count = t;
    DELETE FROM hub.search_docs_top WHERE download_count < t;
    INSERT INTO hub.search_docs_top (environment_id, owner_id, listed, download_count, search, name, tags, star_count,
                                     updated_at, trust_status, license, search_head)
    SELECT d.environment_id, d.owner_id, d.listed, d.download_count, d.search, e.name, e.tags, e.star_count,
           e.updated_at, e.trust_status, e.license, e.search_head
      FROM hub.search_docs d JOIN hub.environments e ON e.id = d.environment_id
     WHERE d.download_count >= t AND NOT EXISTS (SELECT 1 FROM hub.search_docs_top top
                                                  WHERE top.environment_id = d.environment_id)
     ORDER BY d.environment_id;
END $$;

-- The threshold's row first, as every writer of the top (V20): a move holds it FOR UPDATE while it deletes rows, so a
-- transaction that locked a top row here and then waited for the threshold (a download flush) would deadlock with it.
CREATE FUNCTION hub.search_docs_top_ranking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM hub.search_docs_top_threshold FOR SHARE;
    UPDATE hub.search_docs_top
       SET name = NEW.name, tags = NEW.tags, star_count = NEW.star_count, updated_at = NEW.updated_at,
           trust_status = NEW.trust_status, license = NEW.license, search_head = NEW.search_head
     WHERE environment_id = NEW.id;
    RETURN NULL;
END $$;

-- summary: search_head is recomputed from name, tags and summary before the row is written (V5)
CREATE TRIGGER environments_search_docs_top_ranking
    AFTER UPDATE OF name, tags, summary, search_head, star_count, updated_at, trust_status, license ON hub.environments
    FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.tags IS DISTINCT FROM NEW.tags
          OR OLD.search_head IS DISTINCT FROM NEW.search_head OR OLD.star_count IS DISTINCT FROM NEW.star_count
          OR OLD.updated_at IS DISTINCT FROM NEW.updated_at OR OLD.trust_status IS DISTINCT FROM NEW.trust_status
          OR OLD.license IS DISTINCT FROM NEW.license)
    EXECUTE FUNCTION hub.search_docs_top_ranking();
