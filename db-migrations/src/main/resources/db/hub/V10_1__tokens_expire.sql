-- Every personal access token expires: tokens created without an expiry get the default lifetime (90 days) from now.
UPDATE hub.access_tokens SET expires_at = now() + interval '90 days' WHERE expires_at IS NULL AND revoked_at IS NULL;
