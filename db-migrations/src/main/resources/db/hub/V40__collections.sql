-- Issue 34: collections: a user's named, ordered lists of environments with a note per item, public or private
-- (a private collection is 404 to everyone but its owner and admins; an item a reader may not see is left out).
CREATE TABLE hub.collections (
    id           BIGSERIAL   PRIMARY KEY,
    owner_id     BIGINT      NOT NULL REFERENCES hub.owners (id) ON DELETE CASCADE,
    title        TEXT        NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
    description  TEXT        CHECK (char_length(description) <= 2000),
    visibility   TEXT        NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private')),
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX collections_owner ON hub.collections (owner_id, updated_at DESC);

CREATE TABLE hub.collection_items (
    collection_id   BIGINT      NOT NULL REFERENCES hub.collections (id) ON DELETE CASCADE,
    environment_id  BIGINT      NOT NULL REFERENCES hub.environments (id) ON DELETE CASCADE,
    position        INTEGER     NOT NULL,
    note            TEXT        CHECK (char_length(note) <= 1000),
    added_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (collection_id, environment_id)
);
CREATE INDEX collection_items_order ON hub.collection_items (collection_id, position);
