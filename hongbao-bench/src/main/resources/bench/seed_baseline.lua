-- seed_baseline: the sources' grab, re-implemented for the engine benchmark. Sent whole with EVAL on every grab,
-- as they did, by 20 threads each waiting for its answer.
--
-- KEYS[1] unconsumed shares list, KEYS[2] consumed list, KEYS[3] dedupe hash (user -> amount)
-- ARGV[1] user id
--
-- Returns the amount grabbed, -1 when the user grabbed before, 0 when sold out.
--
-- Invariant kept atomically: a share is handed out at most once and at most once per user. There is no expiry
-- check, no group check and no event for the database: the sources wrote the database elsewhere.
if redis.call('HEXISTS', KEYS[3], ARGV[1]) == 1 then
  return -1
end
local share = redis.call('RPOP', KEYS[1])
if not share then
  return 0
end
redis.call('HSET', KEYS[3], ARGV[1], share)
redis.call('LPUSH', KEYS[2], ARGV[1] .. ':' .. share)
return tonumber(share)
