-- Owners of environments: users (mirrored from Keycloak the first time they call the API) and, later,
-- organisations. The name is the owner's handle in `owner/name`.
CREATE TABLE hub.owners (
    id            BIGSERIAL PRIMARY KEY,
    kind          TEXT        NOT NULL CHECK (kind IN ('user', 'org')),
    name          TEXT        NOT NULL,
    display_name  TEXT,
    email         TEXT,
    subject       TEXT UNIQUE,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT owners_user_has_subject CHECK (kind <> 'user' OR subject IS NOT NULL)
);

CREATE UNIQUE INDEX owners_name_unique ON hub.owners (lower(name));
