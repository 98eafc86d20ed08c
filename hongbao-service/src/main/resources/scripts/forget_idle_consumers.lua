-- forget_idle_consumers: removes the persister group's consumers that hold no pending entry and have been idle
-- longer than a threshold: every restart of an instance joins under a new name, and the names of the dead pile up.
--
-- KEYS[1] a shard's event stream
-- ARGV[1] the consumer group, ARGV[2] the idle threshold (ms)
--
-- Returns how many consumers it removed (0 when the stream does not exist).
--
-- Invariant kept atomically: a consumer is removed only if it has nothing pending at the moment of its removal.
-- XGROUP DELCONSUMER drops the consumer's pending entries, which were delivered (the group's last-delivered id is
-- past them) and so are never delivered or reclaimed again: never persisted. Checked with XINFO CONSUMERS in a
-- separate call, the check could see "nothing pending" just before a live consumer's read is served; Redis before
-- 7.2 counts a consumer's idle time from its last successful read, so a live consumer waiting for entries looks idle.
-- In one script no read can come between the check and the removal. A live consumer removed while quiet loses
-- nothing and is re-created by its next read. (XINFO may be called from scripts on Redis 6.2 and 7.x.)
if redis.call('EXISTS', KEYS[1]) == 0 then
  return 0
end
local threshold = tonumber(ARGV[2])
local removed = 0
for _, consumer in ipairs(redis.call('XINFO', 'CONSUMERS', KEYS[1], ARGV[1])) do
  local fields = {}
  for i = 1, #consumer, 2 do
    fields[consumer[i]] = consumer[i + 1]
  end
  if fields['pending'] == 0 and fields['idle'] > threshold then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], fields['name'])
    removed = removed + 1
  end
end
return removed
