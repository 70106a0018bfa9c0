-- The double-entry ledger. Money is integer minor units per currency. An account is a name (sponsor:{subject},
-- escrow:bounty:{id}, payable:user:{subject}, paid:user:{subject}, external:funding, external:payouts, platform:fees)
-- in one currency; its balance is the sum of its entries. A transaction is >= 2 entries summing to zero per currency
-- (checked by the database at commit, deferred constraint triggers); posted entries and transactions are immutable
-- (a correction is a new transaction of kind 'correction').
CREATE TABLE bounty.ledger_accounts (
    id          BIGSERIAL PRIMARY KEY,
    name        TEXT        NOT NULL CHECK (name ~ '^(sponsor|escrow|payable|paid|external|platform):'),
    currency    TEXT        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    -- sponsor, escrow and payable accounts may never go below zero (no overdraft), checked at commit
    no_overdraft BOOLEAN    NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT ledger_accounts_name_currency UNIQUE (name, currency),
    CONSTRAINT ledger_accounts_id_currency UNIQUE (id, currency)
);

CREATE TABLE bounty.ledger_transactions (
    id             BIGSERIAL PRIMARY KEY,
    kind           TEXT        NOT NULL
                   CHECK (kind IN ('fund', 'escrow', 'release', 'approve', 'payout', 'refund', 'correction')),
    actor          TEXT        NOT NULL,            -- user name, or 'system' for scheduled jobs and the payout worker
    at             TIMESTAMPTZ NOT NULL DEFAULT now(),
    reference      TEXT        NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
    bounty_id      BIGINT      REFERENCES bounty.bounties (id),
    submission_id  BIGINT      REFERENCES bounty.submissions (id),
    memo           TEXT
);
CREATE INDEX ledger_transactions_bounty ON bounty.ledger_transactions (bounty_id);
CREATE INDEX ledger_transactions_kind ON bounty.ledger_transactions (kind, at DESC);

CREATE TABLE bounty.ledger_entries (
    id              BIGSERIAL PRIMARY KEY,
    transaction_id  BIGINT NOT NULL REFERENCES bounty.ledger_transactions (id),
    account_id      BIGINT NOT NULL,
    currency        TEXT   NOT NULL,
    amount_minor    BIGINT NOT NULL CHECK (amount_minor <> 0),
    -- an entry is in its account's currency
    CONSTRAINT ledger_entries_account FOREIGN KEY (account_id, currency)
        REFERENCES bounty.ledger_accounts (id, currency)
);
CREATE INDEX ledger_entries_transaction ON bounty.ledger_entries (transaction_id);
CREATE INDEX ledger_entries_account ON bounty.ledger_entries (account_id);

-- At commit: every transaction touched has >= 2 entries, sums to zero per currency, and leaves no no-overdraft
-- account below zero.
CREATE FUNCTION bounty.ledger_check_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    tx BIGINT;
    n INT;
    bad RECORD;
BEGIN
    IF TG_TABLE_NAME = 'ledger_transactions' THEN
        tx := NEW.id;
    ELSE
        tx := NEW.transaction_id;
    END IF;
    SELECT count(*) INTO n FROM bounty.ledger_entries WHERE transaction_id = tx;
    IF n < 2 THEN
        RAISE EXCEPTION 'ledger transaction % has % entries; a transaction needs at least 2', tx, n
            USING ERRCODE = 'check_violation';
    END IF;
    FOR bad IN SELECT currency, sum(amount_minor) AS total FROM bounty.ledger_entries WHERE transaction_id = tx
               GROUP BY currency HAVING sum(amount_minor) <> 0 LOOP
        RAISE EXCEPTION 'ledger transaction % does not balance: % % left over', tx, bad.total, bad.currency
            USING ERRCODE = 'check_violation';
    END LOOP;
    FOR bad IN SELECT a.name, a.currency, (SELECT sum(e2.amount_minor) FROM bounty.ledger_entries e2
                                           WHERE e2.account_id = a.id) AS balance
               FROM bounty.ledger_accounts a
               WHERE a.no_overdraft AND a.id IN (SELECT account_id FROM bounty.ledger_entries WHERE transaction_id = tx) LOOP
        IF bad.balance < 0 THEN
            RAISE EXCEPTION 'ledger transaction % overdraws account % (% %)', tx, bad.name, bad.balance, bad.currency
                USING ERRCODE = 'check_violation';
        END IF;
    END LOOP;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON bounty.ledger_entries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bounty.ledger_check_transaction();
CREATE CONSTRAINT TRIGGER ledger_transactions_have_entries AFTER INSERT ON bounty.ledger_transactions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bounty.ledger_check_transaction();

-- Posted money never changes: corrections are new transactions.
CREATE FUNCTION bounty.ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% on % refused: posted ledger rows are immutable (post a correction instead)', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON bounty.ledger_entries
    FOR EACH ROW EXECUTE FUNCTION bounty.ledger_immutable();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON bounty.ledger_entries
    FOR EACH STATEMENT EXECUTE FUNCTION bounty.ledger_immutable();
CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON bounty.ledger_transactions
    FOR EACH ROW EXECUTE FUNCTION bounty.ledger_immutable();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON bounty.ledger_transactions
    FOR EACH STATEMENT EXECUTE FUNCTION bounty.ledger_immutable();
