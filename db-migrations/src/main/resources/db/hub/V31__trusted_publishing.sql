-- Trusted publishing (as PyPI does it): an environment's managers register CI identities (an OIDC issuer, the audience
-- its tokens must carry, and claims they must have, e.g. repository and ref); a CI job exchanges its OIDC ID token for a
-- short-lived token that may only upload new versions of that one environment.

CREATE TABLE hub.trusted_publishers (
    id              BIGSERIAL   PRIMARY KEY,
    environment_id  BIGINT      NOT NULL REFERENCES hub.environments (id) ON DELETE CASCADE,
    issuer          TEXT        NOT NULL,               -- the OIDC issuer URL, one of ENVHUB_TRUSTED_ISSUERS when added
    audience        TEXT        NOT NULL,               -- the aud the ID token must contain
    claims          JSONB       NOT NULL CHECK (jsonb_typeof(claims) = 'object' AND claims <> '{}'::jsonb),
    created_by      BIGINT      NOT NULL REFERENCES hub.owners (id),  -- minted tokens act with this user's rights
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (environment_id, issuer, audience, claims)
);
CREATE INDEX trusted_publishers_issuer ON hub.trusted_publishers (issuer);

-- every ID token exchanged, by issuer and jti, until it expires: the same ID token is never exchanged twice
CREATE TABLE hub.oidc_token_uses (
    issuer      TEXT        NOT NULL,
    jti         TEXT        NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (issuer, jti)
);
CREATE INDEX oidc_token_uses_expiry ON hub.oidc_token_uses (expires_at);

-- a minted token is an access token with the scope 'upload' bound to one environment (and the publisher it came from)
ALTER TABLE hub.access_tokens DROP CONSTRAINT access_tokens_scopes_check;
ALTER TABLE hub.access_tokens
    ADD COLUMN environment_id BIGINT REFERENCES hub.environments (id) ON DELETE CASCADE,
    ADD COLUMN publisher_id   BIGINT REFERENCES hub.trusted_publishers (id) ON DELETE SET NULL,
    ADD CONSTRAINT access_tokens_scopes_check CHECK (
        cardinality(scopes) > 0 AND (
            (environment_id IS NULL AND scopes <@ ARRAY['read', 'publish']::TEXT[])
            OR (environment_id IS NOT NULL AND scopes = ARRAY['upload']::TEXT[])));
