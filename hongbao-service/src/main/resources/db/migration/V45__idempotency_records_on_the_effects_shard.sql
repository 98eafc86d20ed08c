-- An idempotency record lives on the database shard of the user whose rows the write changes (ADR 0089): the caller
-- for a user's own sends, groups and draws, the account's user for an admin's deposit or points grant. Record and
-- effect then commit in one local transaction on one database. Keys stay per caller (user_id); shard_user_id only
-- places the row. Existing rows were placed by the caller, so that is what they say.
ALTER TABLE idempotency_records ADD COLUMN shard_user_id BIGINT NULL AFTER user_id;
UPDATE idempotency_records SET shard_user_id = user_id;
ALTER TABLE idempotency_records MODIFY shard_user_id BIGINT NOT NULL;
