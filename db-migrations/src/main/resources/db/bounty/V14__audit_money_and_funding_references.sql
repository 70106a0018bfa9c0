-- Issue 36, item 10: the audit log also records money (a funding recorded, a payout confirmed), which need not belong
-- to a bounty; a funding's external reference is looked up before it is recorded again (one credit per reference).
ALTER TABLE bounty.audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE bounty.audit_log ADD CONSTRAINT audit_log_entity_check
    CHECK (entity IN ('bounty', 'application', 'submission', 'funding', 'payout'));
ALTER TABLE bounty.audit_log ALTER COLUMN bounty_id DROP NOT NULL;
CREATE INDEX ledger_transactions_fund_reference ON bounty.ledger_transactions (lower(reference)) WHERE kind = 'fund';
