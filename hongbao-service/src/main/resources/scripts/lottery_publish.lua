-- lottery_publish: adds placed units to a wheel's pool, skipping units already won (ADR 0020).
--
-- KEYS[1]  pool  ZSET  unit "prizeId#seq" -> release time (ms since the epoch)
-- KEYS[2]  won   SET   every unit ever won from this wheel (written by lottery_draw)
-- ARGV[1]  W, how many units follow that the database records as won (0 on a first publish)
-- ARGV[2 .. W+1]         those units: marked won and kept out of the pool (repairs a Redis that lost its keys)
-- ARGV[W+2 ..] in pairs  release time (ms), unit: added to the pool unless won
--
-- Returns how many units were added (0 for units already pooled or won).
--
-- Invariant, atomic because a script runs alone: a unit that was ever won is never put back into the pool, so
-- republishing an hour after a crash (the database committed its units, the pool may or may not have them) can
-- never let a unit be won twice. Adding a unit that is still pooled changes nothing.
local won = tonumber(ARGV[1])
for i = 2, won + 1 do
  redis.call('SADD', KEYS[2], ARGV[i])
  redis.call('ZREM', KEYS[1], ARGV[i])
end
local added = 0
for i = won + 2, #ARGV, 2 do
  local unit = ARGV[i + 1]
  if redis.call('SISMEMBER', KEYS[2], unit) == 0 then
    added = added + redis.call('ZADD', KEYS[1], 'NX', ARGV[i], unit)
  end
end
return added
