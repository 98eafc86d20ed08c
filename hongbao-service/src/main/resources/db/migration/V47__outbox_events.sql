-- The transactional outbox of money movements (ADR 0096): one row per event, written in the transaction of its effect
-- on the database shard of the account it belongs to, deleted once the bus acknowledged it. Placed by `record_key`
-- (the account, a ledger account, and the record's key on the bus) like the ledger's legs. `id` is the row's position on its shard: a shard's publisher sends its rows
-- in id order. Rows are written only while a bus is configured.
CREATE TABLE outbox_events (
  id         BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
  record_key VARCHAR(100)  NOT NULL,
  payload    VARCHAR(2000) NOT NULL,
  created_at DATETIME(3)   NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
