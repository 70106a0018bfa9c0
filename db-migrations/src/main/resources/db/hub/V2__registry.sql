-- The registry: organisations, environments, versions, artifacts, burned file names, stars, downloads,
-- personal access tokens and the validation queue.

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- realm roles seen on the owner's last Keycloak sign-in (used when the owner calls with a personal access token)
ALTER TABLE hub.owners ADD COLUMN roles TEXT[] NOT NULL DEFAULT '{}';

CREATE TABLE hub.org_members (
    org_id      BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    user_id     BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    role        TEXT        NOT NULL CHECK (role IN ('owner', 'maintainer', 'member')),
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, user_id)
);
CREATE INDEX org_members_user ON hub.org_members (user_id);

CREATE TABLE hub.environments (
    id                   BIGSERIAL PRIMARY KEY,
    owner_id             BIGINT      NOT NULL REFERENCES hub.owners (id),
    name                 TEXT        NOT NULL,          -- PEP 503 normalized, e.g. reverse-text
    display_name         TEXT        NOT NULL,          -- the project name as first published, e.g. Reverse_Text
    summary              TEXT,
    readme               TEXT,
    readme_content_type  TEXT,
    license              TEXT,
    tags                 TEXT[]      NOT NULL DEFAULT '{}',
    visibility           TEXT        NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private')),
    latest_version       TEXT,                           -- newest non-yanked final release (else newest non-yanked)
    star_count           INTEGER     NOT NULL DEFAULT 0,
    download_count       BIGINT      NOT NULL DEFAULT 0,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    search               TSVECTOR,
    CONSTRAINT environments_owner_name UNIQUE (owner_id, name)
);
CREATE INDEX environments_search ON hub.environments USING GIN (search);
CREATE INDEX environments_name_trgm ON hub.environments USING GIN (name public.gin_trgm_ops);
CREATE INDEX environments_tags ON hub.environments USING GIN (tags);
CREATE INDEX environments_downloads ON hub.environments (download_count DESC, id);
CREATE INDEX environments_stars ON hub.environments (star_count DESC, id);
CREATE INDEX environments_updated ON hub.environments (updated_at DESC, id);

-- full-text document: name (A), tags (A), summary (B), README (C)
CREATE FUNCTION hub.environments_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.search :=
        setweight(to_tsvector('simple', coalesce(NEW.name, '') || ' ' || replace(coalesce(NEW.name, ''), '-', ' ')), 'A') ||
        setweight(to_tsvector('simple', coalesce(array_to_string(NEW.tags, ' '), '')), 'A') ||
        setweight(to_tsvector('english', coalesce(NEW.summary, '')), 'B') ||
        setweight(to_tsvector('english', left(coalesce(NEW.readme, ''), 100000)), 'C');
    RETURN NEW;
END $$;
CREATE TRIGGER environments_search_document BEFORE INSERT OR UPDATE OF name, tags, summary, readme
    ON hub.environments FOR EACH ROW EXECUTE FUNCTION hub.environments_search_document();

CREATE TABLE hub.versions (
    id               BIGSERIAL PRIMARY KEY,
    environment_id   BIGINT      NOT NULL REFERENCES hub.environments (id) ON DELETE CASCADE,
    version          TEXT        NOT NULL,   -- canonical PEP 440 form as published, e.g. 0.1.4
    version_key      TEXT        NOT NULL,   -- identity key: 1.0 and 1.0.0 are the same version
    status           TEXT        NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'validating', 'validated', 'failed', 'error')),
    yanked           BOOLEAN     NOT NULL DEFAULT false,
    yank_reason      TEXT,
    summary          TEXT,
    requires_python  TEXT,
    dependencies     TEXT[]      NOT NULL DEFAULT '{}',
    core_metadata    JSONB       NOT NULL DEFAULT '{}',
    created_by       BIGINT      REFERENCES hub.owners (id),
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT versions_environment_key UNIQUE (environment_id, version_key)
);

CREATE TABLE hub.artifacts (
    id               BIGSERIAL PRIMARY KEY,
    version_id       BIGINT      NOT NULL REFERENCES hub.versions (id) ON DELETE CASCADE,
    filename         TEXT        NOT NULL,
    sha256           TEXT        NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    size             BIGINT      NOT NULL CHECK (size > 0),
    object_key       TEXT        NOT NULL,
    metadata_text    TEXT        NOT NULL,   -- the wheel's METADATA file, served for PEP 658
    metadata_sha256  TEXT        NOT NULL,
    files            JSONB       NOT NULL DEFAULT '[]',  -- [{"path":..., "size":..., "sha256":...}]
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT artifacts_version_filename UNIQUE (version_id, filename)
);
CREATE INDEX artifacts_object_key ON hub.artifacts (object_key);

-- every file name and version ever published under an owner: never reusable, even after deletion
CREATE TABLE hub.used_filenames (
    owner_id       BIGINT      NOT NULL REFERENCES hub.owners (id),
    filename       TEXT        NOT NULL,
    first_used_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, filename)
);
CREATE TABLE hub.used_versions (
    owner_id       BIGINT      NOT NULL REFERENCES hub.owners (id),
    project        TEXT        NOT NULL,   -- normalized project name
    version_key    TEXT        NOT NULL,
    first_used_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, project, version_key)
);

CREATE TABLE hub.stars (
    user_id         BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    environment_id  BIGINT      NOT NULL REFERENCES hub.environments (id) ON DELETE CASCADE,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, environment_id)
);
CREATE INDEX stars_environment ON hub.stars (environment_id);

CREATE TABLE hub.downloads_daily (
    environment_id  BIGINT  NOT NULL REFERENCES hub.environments (id) ON DELETE CASCADE,
    day             DATE    NOT NULL,
    count           BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (environment_id, day)
);

CREATE TABLE hub.access_tokens (
    id            BIGSERIAL PRIMARY KEY,
    user_id       BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    name          TEXT        NOT NULL,
    token_prefix  TEXT        NOT NULL,          -- first characters, shown in lists to recognise a token
    secret_hash   TEXT        NOT NULL UNIQUE,   -- sha256 (hex) of the whole token; the token itself is never stored
    scopes        TEXT[]      NOT NULL CHECK (scopes <@ ARRAY['read', 'publish']::TEXT[] AND cardinality(scopes) > 0),
    expires_at    TIMESTAMPTZ,
    last_used_at  TIMESTAMPTZ,
    revoked_at    TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX access_tokens_user ON hub.access_tokens (user_id);

-- the validation queue: one row per pushed version, written in the push's transaction
CREATE TABLE hub.validation_jobs (
    id                BIGSERIAL PRIMARY KEY,
    version_id        BIGINT      NOT NULL UNIQUE REFERENCES hub.versions (id) ON DELETE CASCADE,
    state             TEXT        NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'error')),
    attempts          INTEGER     NOT NULL DEFAULT 0,
    lease_owner       TEXT,
    lease_expires_at  TIMESTAMPTZ,
    last_error        TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX validation_jobs_claimable ON hub.validation_jobs (created_at) WHERE state IN ('queued', 'running');
