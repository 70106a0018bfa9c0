-- Trending reads each environment's downloads of the last 7 days from a kept table (issue 17): summing
-- hub.downloads_daily on every trending request read 35,000 rows at 100,000 environments (~17 ms of a 25 ms answer).
--
-- hub.downloads_recent holds, per environment with downloads in the window, the sum of hub.downloads_daily.count over
-- the days after window_day - 7 (the same days io.envhub.registry.search.TrendingSql counted on the spot before).
-- A trigger on hub.downloads_daily adds every change (the download flushes, seeders, tests) to it at once. The window
-- moves when hub.refresh_downloads_recent(today) runs with a later day: it recounts the table from hub.downloads_daily.
-- The backend calls it every few seconds (io.envhub.registry.download.RecentDownloads), so after midnight UTC trending
-- counts the day before's window for at most that interval.
--
-- Writers and the recount serialize on the window's one row: the trigger takes it FOR SHARE, the recount FOR UPDATE.
-- So a change is either seen by the recount's sum or added after it, never both, never neither.

CREATE TABLE hub.downloads_recent (
    environment_id  BIGINT  PRIMARY KEY REFERENCES hub.environments (id) ON DELETE CASCADE,
    n               BIGINT  NOT NULL
);
CREATE INDEX downloads_recent_n ON hub.downloads_recent (n DESC, environment_id);

CREATE TABLE hub.downloads_recent_window (
    only_row    BOOLEAN PRIMARY KEY DEFAULT true CHECK (only_row),
    window_day  DATE    NOT NULL
);

CREATE FUNCTION hub.downloads_recent_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    last DATE;
BEGIN
    SELECT window_day INTO last FROM hub.downloads_recent_window FOR SHARE;
    IF TG_OP <> 'INSERT' AND OLD.day > last - 7 AND OLD.count <> 0 THEN
        UPDATE hub.downloads_recent SET n = n - OLD.count WHERE environment_id = OLD.environment_id;
        DELETE FROM hub.downloads_recent WHERE environment_id = OLD.environment_id AND n <= 0;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.day > last - 7 AND NEW.count > 0 THEN
        INSERT INTO hub.downloads_recent AS r (environment_id, n) VALUES (NEW.environment_id, NEW.count)
            ON CONFLICT (environment_id) DO UPDATE SET n = r.n + EXCLUDED.n;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER downloads_daily_recent
    AFTER INSERT OR UPDATE OF count, day, environment_id OR DELETE ON hub.downloads_daily
    FOR EACH ROW EXECUTE FUNCTION hub.downloads_recent_track();

-- Moves the window to `today` (UTC, the caller passes the database's date) and recounts; false when it was there already.
CREATE FUNCTION hub.refresh_downloads_recent(today DATE) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
    last DATE;
BEGIN
    SELECT window_day INTO last FROM hub.downloads_recent_window FOR UPDATE;
    IF last >= today THEN
        RETURN false;
    END IF;
    DELETE FROM hub.downloads_recent;
    INSERT INTO hub.downloads_recent (environment_id, n)
        SELECT environment_id, sum(count) FROM hub.downloads_daily
         WHERE day > today - 7 GROUP BY environment_id HAVING sum(count) > 0;
    UPDATE hub.downloads_recent_window SET window_day = today;
    RETURN true;
END $$;

INSERT INTO hub.downloads_recent_window (window_day) VALUES ((now() AT TIME ZONE 'UTC')::date - 1);
SELECT hub.refresh_downloads_recent((now() AT TIME ZONE 'UTC')::date);
