-- Hot read paths (issue 17).
--
-- 1. hub.index_stamps: one number per environment that changes whenever anything its /simple/ page (or any other
--    cached view of the environment) may show changes. Backends cache rendered pages in memory keyed by the stamp and
--    read the current stamp in the same indexed lookup that resolves owner/name, so a change made through any backend
--    instance (or straight in SQL) invalidates every instance's copy on its next request. The triggers below compare
--    whole rows (record image equality), so columns added later (quarantine, unlisting, ...) invalidate too without
--    touching this file. Only the counters that change on every download or star are left out.
--    Another table that feeds the pages attaches with one line:
--      CREATE TRIGGER t AFTER INSERT OR UPDATE OR DELETE ON hub.x FOR EACH ROW EXECUTE FUNCTION hub.bump_index_stamp_by_version();
--    (rows with a version_id column) or ... hub.bump_index_stamp_by_environment() (rows with an environment_id column).
--    The triggers are deferred to commit time: the stamp row is locked last, after every other lock of the transaction,
--    so concurrent pushes cannot deadlock on it.
-- 2. hub.download_flushes: the ids of download-count batches already applied, so that a batch retried after an
--    ambiguous failure (committed, but the answer lost) is not counted twice. Pruned after a day.

CREATE SEQUENCE hub.index_stamp_seq;

CREATE TABLE hub.index_stamps (
    environment_id  BIGINT PRIMARY KEY REFERENCES hub.environments (id) ON DELETE CASCADE,
    stamp           BIGINT NOT NULL
);

CREATE FUNCTION hub.bump_index_stamp(env BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO hub.index_stamps AS s (environment_id, stamp)
    SELECT env, nextval('hub.index_stamp_seq') WHERE EXISTS (SELECT 1 FROM hub.environments WHERE id = env)
    ON CONFLICT (environment_id) DO UPDATE SET stamp = EXCLUDED.stamp
$$;

-- environments: every column but the two counters (record image comparison: works for any column type)
CREATE FUNCTION hub.environments_index_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    before hub.environments;
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM hub.bump_index_stamp(NEW.id);
    ELSIF TG_OP = 'UPDATE' THEN
        before := OLD;
        before.download_count := NEW.download_count;
        before.star_count := NEW.star_count;
        IF before *<> NEW THEN
            PERFORM hub.bump_index_stamp(NEW.id);
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER environments_index_stamp AFTER INSERT OR UPDATE ON hub.environments
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hub.environments_index_stamp();

CREATE FUNCTION hub.bump_index_stamp_by_environment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM hub.bump_index_stamp(OLD.environment_id);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.environment_id <> OLD.environment_id) THEN
        PERFORM hub.bump_index_stamp(NEW.environment_id);
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION hub.bump_index_stamp_by_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM hub.bump_index_stamp(v.environment_id) FROM hub.versions v WHERE v.id = OLD.version_id;
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.version_id <> OLD.version_id) THEN
        PERFORM hub.bump_index_stamp(v.environment_id) FROM hub.versions v WHERE v.id = NEW.version_id;
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER versions_index_stamp AFTER INSERT OR DELETE ON hub.versions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hub.bump_index_stamp_by_environment();
CREATE CONSTRAINT TRIGGER versions_index_stamp_update AFTER UPDATE ON hub.versions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD *<> NEW) EXECUTE FUNCTION hub.bump_index_stamp_by_environment();
CREATE CONSTRAINT TRIGGER artifacts_index_stamp AFTER INSERT OR DELETE ON hub.artifacts
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hub.bump_index_stamp_by_version();
CREATE CONSTRAINT TRIGGER artifacts_index_stamp_update AFTER UPDATE ON hub.artifacts
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD *<> NEW) EXECUTE FUNCTION hub.bump_index_stamp_by_version();

INSERT INTO hub.index_stamps (environment_id, stamp) SELECT id, nextval('hub.index_stamp_seq') FROM hub.environments;

CREATE TABLE hub.download_flushes (
    id          UUID        PRIMARY KEY,
    applied_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX download_flushes_applied_at ON hub.download_flushes (applied_at);
