-- campaign_claim: moves one person's claim on a campaign round from one place to another, only if it is still where
-- the caller last saw it (ADR 0103).
--
-- KEYS[1]  claims hash  cc:{<campaign>:<round>:<home pool>}  user id -> where the person's claim is: a pool index, or
--          'x' once closed (the round is over and they hold no share of it); no field: at the person's home pool
--          (where everyone starts, and where an ended walk leaves it)
-- ARGV[1]  user id
-- ARGV[2]  from: where the caller saw the claim: a pool index, 'x', or '' for home
-- ARGV[3]  to: where to move it, in the same terms ('' for home: the walk ended, no pool is left)
-- ARGV[4]  when the claims hash may go (ms since the epoch): a while after the round ended, when no grab asks
--
-- Returns where the claim is after the call: ARGV[3] if it moved, else where it was ('' for home).
--
-- Invariant kept atomically: a claim moves only away from the place its caller saw, so two walks of the same person
-- cannot both move it on from one pool, and a walk cannot move a claim that was closed; the caller moves it only from a
-- pool that answered this person sold out (or, to close it, expired), so the person holds a share of the round in at
-- most one pool: home while the claim is there, else the pool it names. One key, one slot; the claims of one round
-- are spread over as many slots as it has pools (one hash per home pool).
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[2] then
  return current
end
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
  redis.call('PEXPIREAT', KEYS[1], ARGV[4])
end
return ARGV[3]
