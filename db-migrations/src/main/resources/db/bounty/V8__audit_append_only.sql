-- Admin console (issue 13): the bounty audit log becomes the service's append-only audit trail, read by admins through
-- GET /api/v1/admin/audit (the same shape as hub-backend's hub.audit_events): a reason and the request id per row, and
-- a trigger that refuses UPDATE, DELETE and TRUNCATE for every role (the table owner and superusers included).
ALTER TABLE bounty.audit_log
    ADD COLUMN reason     TEXT,
    ADD COLUMN request_id TEXT;
CREATE INDEX audit_log_at ON bounty.audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor ON bounty.audit_log (lower(actor), at DESC);
CREATE INDEX audit_log_action ON bounty.audit_log (action, at DESC);

CREATE FUNCTION bounty.audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'bounty.audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON bounty.audit_log
    FOR EACH ROW EXECUTE FUNCTION bounty.audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON bounty.audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION bounty.audit_log_append_only();
REVOKE UPDATE, DELETE, TRUNCATE ON bounty.audit_log FROM PUBLIC;
