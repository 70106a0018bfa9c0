-- The most downloaded quarter of hub.search_docs, kept apart (issue 17). A common word's candidates are its
-- TOP_K_CAP + 1 most downloaded matches (io.envhub.registry.search.SearchSql). Finding them in hub.search_docs reads
-- every match's row: "math" at 100,000 environments is 10,000 rows on all of its ~1,000 pages (~6 ms). When at least
-- that many matches are among the most downloaded quarter, they are all there, and hub.search_docs_top holds that
-- quarter only, on a quarter of the pages (~1.3 ms). A word with fewer matches there is looked up in hub.search_docs.
--
-- The rule that makes this exact: hub.search_docs_top holds exactly the rows of hub.search_docs whose download_count is
-- at least hub.search_docs_top_threshold.download_count. So any row outside has fewer downloads than every row inside,
-- and N matches found inside are the N most downloaded matches of all. Triggers on hub.search_docs keep the rule in
-- the same transaction (a deleted row leaves with its hub.search_docs row, by foreign key);
-- hub.move_search_docs_top(t) moves the threshold and re-sorts the rows at once. Download counts only grow, so the
-- quarter grows; the backend calls hub.refresh_search_docs_top() every minute (io.envhub.registry.search.TopSearchDocs),
-- which moves the threshold back to the quarter mark when the share inside has left a fifth to a third of all.
--
-- Writers and a move serialize on the threshold's one row: the triggers take it FOR SHARE, a move FOR UPDATE.

CREATE TABLE hub.search_docs_top (
    environment_id  BIGINT   PRIMARY KEY REFERENCES hub.search_docs (environment_id) ON DELETE CASCADE,
    owner_id        BIGINT   NOT NULL,
    listed          BOOLEAN  NOT NULL,
    download_count  BIGINT   NOT NULL,
    search          TSVECTOR
) WITH (toast_tuple_target = 128);
ALTER TABLE hub.search_docs_top ALTER COLUMN search SET STORAGE EXTERNAL;
CREATE INDEX search_docs_top_search ON hub.search_docs_top USING GIN (search);

CREATE TABLE hub.search_docs_top_threshold (
    only_row        BOOLEAN PRIMARY KEY DEFAULT true CHECK (only_row),
    download_count  BIGINT  NOT NULL
);

-- a new row, or new small columns (owner, listed, download count): in or out by its download count
CREATE FUNCTION hub.search_docs_top_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t BIGINT;
BEGIN
    SELECT download_count INTO t FROM hub.search_docs_top_threshold FOR SHARE;
    IF NEW.download_count >= t THEN
        -- inside already: the small columns only (the document is not copied again)
        UPDATE hub.search_docs_top SET owner_id = NEW.owner_id, listed = NEW.listed, download_count = NEW.download_count
         WHERE environment_id = NEW.environment_id;
        IF NOT FOUND THEN
            INSERT INTO hub.search_docs_top (environment_id, owner_id, listed, download_count, search)
            VALUES (NEW.environment_id, NEW.owner_id, NEW.listed, NEW.download_count, NEW.search);
        END IF;
    ELSE
        DELETE FROM hub.search_docs_top WHERE environment_id = NEW.environment_id;
    END IF;
    RETURN NULL;
END $$;

-- a new document: copied only when the row is inside
CREATE FUNCTION hub.search_docs_top_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE hub.search_docs_top SET search = NEW.search WHERE environment_id = NEW.environment_id;
    RETURN NULL;
END $$;

CREATE TRIGGER search_docs_top_insert AFTER INSERT ON hub.search_docs
    FOR EACH ROW EXECUTE FUNCTION hub.search_docs_top_track();
CREATE TRIGGER search_docs_top_update AFTER UPDATE OF owner_id, listed, download_count ON hub.search_docs
    FOR EACH ROW EXECUTE FUNCTION hub.search_docs_top_track();
CREATE TRIGGER search_docs_top_document AFTER UPDATE OF search ON hub.search_docs
    FOR EACH ROW EXECUTE FUNCTION hub.search_docs_top_document();

-- Moves the threshold to t: rows below it leave, rows at or above it that were outside come in.
CREATE FUNCTION hub.move_search_docs_top(t BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM hub.search_docs_top_threshold FOR UPDATE;
    UPDATE hub.search_docs_top_threshold SET download_count = t;
    DELETE FROM hub.search_docs_top WHERE download_count < t;
    INSERT INTO hub.search_docs_top (environment_id, owner_id, listed, download_count, search)
    SELECT d.environment_id, d.owner_id, d.listed, d.download_count, d.search FROM hub.search_docs d
     WHERE d.download_count >= t AND NOT EXISTS (SELECT 1 FROM hub.search_docs_top top
                                                  WHERE top.environment_id = d.environment_id)
     ORDER BY d.environment_id;
END $$;

-- The download count of the row at the quarter mark (the most downloaded first), 0 when there are no rows.
CREATE FUNCTION hub.search_docs_top_quarter_mark() RETURNS BIGINT LANGUAGE sql STABLE AS $$
    SELECT coalesce((SELECT download_count FROM hub.search_docs ORDER BY download_count DESC
                      OFFSET (SELECT count(*) / 4 FROM hub.search_docs) LIMIT 1), 0)
$$;

-- Moves the threshold to the quarter mark when the share inside has left a fifth to a third of all rows (and the mark
-- is elsewhere: with many equal counts the share cannot always be a quarter); true when it moved.
CREATE FUNCTION hub.refresh_search_docs_top() RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
    total BIGINT;
    inside BIGINT;
    mark BIGINT;
BEGIN
    SELECT count(*) INTO total FROM hub.search_docs;
    SELECT count(*) INTO inside FROM hub.search_docs_top;
    IF inside * 5 >= total AND inside * 3 <= total THEN
        RETURN false;
    END IF;
    mark := hub.search_docs_top_quarter_mark();
    IF mark = (SELECT download_count FROM hub.search_docs_top_threshold) THEN
        RETURN false;
    END IF;
    PERFORM hub.move_search_docs_top(mark);
    RETURN true;
END $$;

-- the backfill: the threshold at the quarter mark, and the rows at or above it let in as any move does
INSERT INTO hub.search_docs_top_threshold (download_count) VALUES (hub.search_docs_top_quarter_mark());
SELECT hub.move_search_docs_top(download_count) FROM hub.search_docs_top_threshold;
