-- async-queue-requeue: moves one item a writer took but never confirmed from the backup list back to the queue.
-- KEYS[1]  the backup (processing) list: items a writer moved out of the queue and has not yet confirmed
-- KEYS[2]  the queue the writer pops from (from the right)
-- ARGV[1]  the item, exactly as stored (items are unique: one per packet and user)
-- Returns  1 when the item was moved back, 0 when it was not in the backup list (the writer confirmed it).
-- Invariant: the item is in exactly one of the two lists afterwards, never in both and never in neither, because
-- the removal and the push happen in one atomic script.
if redis.call('LREM', KEYS[1], 1, ARGV[1]) == 1 then
  redis.call('RPUSH', KEYS[2], ARGV[1])
  return 1
end
return 0
