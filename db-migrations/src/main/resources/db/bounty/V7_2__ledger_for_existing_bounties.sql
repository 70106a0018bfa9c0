-- Bounties opened and submissions approved before the ledger existed: their money was never recorded. So that the
-- books reconcile and approvals keep working, each gets what the flows would have posted, funded from external:funding
-- (marked actor 'migration'): open/closed bounties their escrow obligation, approved submissions their award and a
-- pending payout. A database without such rows is unchanged.
DO $$
DECLARE
    b RECORD;
    s RECORD;
    tx BIGINT;
    owed BIGINT;
BEGIN
    FOR b IN SELECT * FROM bounty.bounties WHERE status IN ('open', 'closed') ORDER BY id LOOP
        owed := CASE b.status
                  WHEN 'open' THEN b.reward_minor * (b.max_awards - b.awards_given)
                  ELSE b.reward_minor * LEAST(b.max_awards - b.awards_given,
                       (SELECT count(*) FROM bounty.submissions x WHERE x.bounty_id = b.id
                           AND x.status IN ('submitted', 'in_review', 'changes_requested')))
                END;
        CONTINUE WHEN owed <= 0;
        INSERT INTO bounty.ledger_accounts (name, currency, no_overdraft) VALUES ('external:funding', b.currency, false)
            ON CONFLICT (name, currency) DO NOTHING;
        INSERT INTO bounty.ledger_accounts (name, currency, no_overdraft) VALUES ('escrow:bounty:' || b.id, b.currency, true)
            ON CONFLICT (name, currency) DO NOTHING;
        INSERT INTO bounty.ledger_transactions (kind, actor, reference, bounty_id, memo)
            VALUES ('correction', 'migration', 'bounty:' || b.id || ':escrow-before-ledger', b.id,
                    'escrow of a bounty opened before the ledger existed') RETURNING id INTO tx;
        INSERT INTO bounty.ledger_entries (transaction_id, account_id, currency, amount_minor)
            SELECT tx, id, currency, -owed FROM bounty.ledger_accounts WHERE name = 'external:funding' AND currency = b.currency;
        INSERT INTO bounty.ledger_entries (transaction_id, account_id, currency, amount_minor)
            SELECT tx, id, currency, owed FROM bounty.ledger_accounts WHERE name = 'escrow:bounty:' || b.id AND currency = b.currency;
    END LOOP;
    FOR s IN SELECT x.*, y.reward_minor, y.currency FROM bounty.submissions x JOIN bounty.bounties y ON y.id = x.bounty_id
              WHERE x.status = 'approved' ORDER BY x.id LOOP
        INSERT INTO bounty.ledger_accounts (name, currency, no_overdraft) VALUES ('external:funding', s.currency, false)
            ON CONFLICT (name, currency) DO NOTHING;
        INSERT INTO bounty.ledger_accounts (name, currency, no_overdraft)
            VALUES ('payable:user:' || s.submitter_subject, s.currency, true) ON CONFLICT (name, currency) DO NOTHING;
        INSERT INTO bounty.ledger_transactions (kind, actor, reference, bounty_id, submission_id, memo)
            VALUES ('approve', 'migration', 'submission:' || s.id, s.bounty_id, s.id,
                    'award approved before the ledger existed') RETURNING id INTO tx;
        INSERT INTO bounty.ledger_entries (transaction_id, account_id, currency, amount_minor)
            SELECT tx, id, currency, -s.reward_minor FROM bounty.ledger_accounts
             WHERE name = 'external:funding' AND currency = s.currency;
        INSERT INTO bounty.ledger_entries (transaction_id, account_id, currency, amount_minor)
            SELECT tx, id, currency, s.reward_minor FROM bounty.ledger_accounts
             WHERE name = 'payable:user:' || s.submitter_subject AND currency = s.currency;
        INSERT INTO bounty.payouts (submission_id, bounty_id, payee_subject, payee_username, amount_minor, currency,
                                    idempotency_key, provider)
            VALUES (s.id, s.bounty_id, s.submitter_subject, s.submitter_username, s.reward_minor, s.currency,
                    'envhub-payout-submission-' || s.id, 'manual');
    END LOOP;
END $$;
