-- The purge of idempotency records older than the retention (IdempotencyPurge) finds them by age.
CREATE INDEX idempotency_records_by_age ON idempotency_records (created_at);
