-- What each packet's escrow still holds: the ledger sum of 'escrow:<id>', kept on the packet's row (as accounts.balance
-- is for a user) so that the persister can pay out of it with one conditional UPDATE per packet and batch,
-- "SET escrow_left = escrow_left - ? WHERE id = ? AND escrow_left >= ?": the database refuses any payout that would
-- take an escrow below zero, and the whole batch rolls back (ADR 0066). It changes only in the transactions that write
-- the escrow's ledger rows.
--
-- The default is what the escrow holds at send, so a packet inserted by an instance older than this script (which
-- names no escrow_left) starts right too. No CHECK (escrow_left >= 0): a database where the defect this guards against
-- already took an escrow below zero must still migrate; the audit's packet-sums check reports such a packet.
ALTER TABLE red_packets ADD COLUMN escrow_left BIGINT NOT NULL DEFAULT (total_amount);

-- Existing packets: from the ledger, through its (account, id) index, one packet at a time.
UPDATE red_packets p
   SET p.escrow_left = (SELECT COALESCE(SUM(l.amount), 0) FROM ledger_entries l WHERE l.account = CONCAT('escrow:', p.id));
