-- A narrow copy of what a common word's search reads first (issue 17). A word in thousands of environments is answered
-- from its TOP_K_CAP most downloaded matches (io.envhub.registry.search.SearchSql). Finding them through
-- hub.environments' full-text index meant reading every match's row there: at 100,000 environments "math" matches
-- 10,000 rows spread over 5,700 of its 7,100 pages (~23 ms). hub.search_docs keeps, per environment, only the columns
-- that choice needs: who may see it (owner, listed), the download count and the full-text document. Its rows are ~80
-- bytes, ~1,000 pages in all, and the document is stored out of line (toast_tuple_target 128, storage EXTERNAL), so the
-- bitmap scan reads only those small rows (~6 ms for "math"). The winners' other columns are then read by primary key.
--
-- Triggers on hub.environments keep it equal to the environment's columns in the same transaction; a deleted
-- environment's row goes with it (ON DELETE CASCADE).

CREATE TABLE hub.search_docs (
    environment_id  BIGINT   PRIMARY KEY REFERENCES hub.environments (id) ON DELETE CASCADE,
    owner_id        BIGINT   NOT NULL,
    -- public and not unlisted: what every caller may find
    listed          BOOLEAN  NOT NULL,
    download_count  BIGINT   NOT NULL,
    search          TSVECTOR
) WITH (toast_tuple_target = 128);
ALTER TABLE hub.search_docs ALTER COLUMN search SET STORAGE EXTERNAL;
CREATE INDEX search_docs_search ON hub.search_docs USING GIN (search);

CREATE FUNCTION hub.search_docs_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO hub.search_docs (environment_id, owner_id, listed, download_count, search)
    VALUES (NEW.id, NEW.owner_id, NEW.visibility = 'public' AND NEW.unlisted_at IS NULL, NEW.download_count, NEW.search);
    RETURN NULL;
END $$;

-- the small columns only: a download flush or a visibility change does not rewrite the document
CREATE FUNCTION hub.search_docs_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE hub.search_docs
       SET owner_id = NEW.owner_id, listed = NEW.visibility = 'public' AND NEW.unlisted_at IS NULL,
           download_count = NEW.download_count
     WHERE environment_id = NEW.id;
    RETURN NULL;
END $$;

CREATE FUNCTION hub.search_docs_update_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE hub.search_docs SET search = NEW.search WHERE environment_id = NEW.id;
    RETURN NULL;
END $$;

CREATE TRIGGER environments_search_docs AFTER INSERT ON hub.environments
    FOR EACH ROW EXECUTE FUNCTION hub.search_docs_insert();
CREATE TRIGGER environments_search_docs_update AFTER UPDATE OF owner_id, visibility, unlisted_at, download_count
    ON hub.environments FOR EACH ROW
    WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.visibility IS DISTINCT FROM NEW.visibility
          OR (OLD.unlisted_at IS NULL) <> (NEW.unlisted_at IS NULL) OR OLD.download_count <> NEW.download_count)
    EXECUTE FUNCTION hub.search_docs_update();
-- the same columns as the document's own trigger (V2, V5), which recomputes `search` before the row is written
CREATE TRIGGER environments_search_docs_document AFTER UPDATE OF name, tags, summary, readme, search ON hub.environments
    FOR EACH ROW EXECUTE FUNCTION hub.search_docs_update_document();

INSERT INTO hub.search_docs (environment_id, owner_id, listed, download_count, search)
SELECT id, owner_id, visibility = 'public' AND unlisted_at IS NULL, download_count, search FROM hub.environments
 ORDER BY id;
