-- Deposits take from 'world:<user>', the depositor's own source account, instead of one 'world' for everybody
-- (ADR 0083): the deposit's two legs then both belong to the user and sit on the user's database shard, so every
-- shard's ledger sums to zero on its own. Existing deposits are renamed after the other leg of the same transfer,
-- 'user:<id>'; (transfer_ref, account) stays unique because a transfer has one leg per account.
UPDATE ledger_entries w
  JOIN ledger_entries u ON u.transfer_ref = w.transfer_ref AND u.account LIKE 'user:%'
   SET w.account = CONCAT('world:', SUBSTRING(u.account, LENGTH('user:') + 1))
 WHERE w.account = 'world';
