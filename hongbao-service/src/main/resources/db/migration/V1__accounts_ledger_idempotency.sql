-- Accounts: money in integer cents, points as a whole number. Neither may go negative; the CHECKs are a last line of
-- defence behind the conditional updates the application uses.
CREATE TABLE accounts (
  user_id    BIGINT      NOT NULL PRIMARY KEY,
  balance    BIGINT      NOT NULL DEFAULT 0,
  points     BIGINT      NOT NULL DEFAULT 0,
  created_at DATETIME(3) NOT NULL,
  CONSTRAINT accounts_balance_not_negative CHECK (balance >= 0),
  CONSTRAINT accounts_points_not_negative CHECK (points >= 0)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- The double-entry ledger. Every movement of money is one transfer of two legs that sum to zero, sharing
-- transfer_ref: a deposit takes from 'world', a sent packet moves money from 'user:<id>' to 'escrow:<packet>', a grab
-- from the escrow to the grabber, a refund from the escrow back to the sender. The unique (transfer_ref, account)
-- makes every transfer recordable once only, which is what lets asynchronous writers retry safely.
CREATE TABLE ledger_entries (
  id           BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
  transfer_ref VARCHAR(96) NOT NULL,
  account      VARCHAR(64) NOT NULL,
  amount       BIGINT      NOT NULL,
  kind         VARCHAR(24) NOT NULL,
  packet_id    VARCHAR(40) NULL,
  created_at   DATETIME(3) NOT NULL,
  UNIQUE KEY ledger_entries_once (transfer_ref, account),
  KEY ledger_entries_by_account (account, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Points movements (grants, draws, consolations), kept for the audit like the money ledger.
CREATE TABLE point_entries (
  id           BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
  transfer_ref VARCHAR(96) NOT NULL,
  user_id      BIGINT      NOT NULL,
  points       BIGINT      NOT NULL,
  kind         VARCHAR(24) NOT NULL,
  created_at   DATETIME(3) NOT NULL,
  UNIQUE KEY point_entries_once (transfer_ref),
  KEY point_entries_by_user (user_id, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Answers given to requests carrying an Idempotency-Key. The row is inserted in the same transaction as the work it
-- guards, so a concurrent repeat blocks on the primary key until the first commits, then finds the answer.
CREATE TABLE idempotency_records (
  user_id         BIGINT      NOT NULL,
  idempotency_key VARCHAR(64) NOT NULL,
  fingerprint     CHAR(64)    NOT NULL,
  response_status INT         NOT NULL,
  response_body   MEDIUMTEXT  NOT NULL,
  created_at      DATETIME(3) NOT NULL,
  PRIMARY KEY (user_id, idempotency_key)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
