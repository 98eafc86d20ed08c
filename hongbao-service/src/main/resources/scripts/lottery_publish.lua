-- lottery_publish: adds placed units to a wheel's pool, skipping units already won (ADR 0020).
--
-- KEYS[1]  pool    ZSET    unit "prizeId#seq" -> release time (ms since the epoch)
-- KEYS[2]  won     SET     every unit ever won from this wheel (written by lottery_draw)
-- KEYS[3]  loaded  STRING  present once the pool was loaded whole from the database; absent after Redis lost it
-- ARGV[1]  mode: "add" (new or republished hours: only into a loaded pool), "fill" (a chunk of a whole load),
--          "load" (the last chunk of a whole load: marks the pool loaded)
-- ARGV[2]  W, how many units follow that the database records as won
-- ARGV[3 .. W+2]         those units: marked won and kept out of the pool
-- ARGV[W+3 ..] in pairs  release time (ms), unit: added to the pool unless won
--
-- Returns how many units were added, or -1 for "add" into a pool that is not loaded (nothing changed: the caller
-- loads the pool whole, which includes these units).
--
-- Invariants, atomic because a script runs alone: a unit that was ever won is never put back into the pool, so
-- republishing after a crash can never let a unit be won twice; and a pool that Redis lost is never half refilled by
-- new hours while older units are missing.
if ARGV[1] == 'add' and redis.call('EXISTS', KEYS[3]) == 0 then
  return -1
end
local won = tonumber(ARGV[2])
for i = 3, won + 2 do
  redis.call('SADD', KEYS[2], ARGV[i])
  redis.call('ZREM', KEYS[1], ARGV[i])
end
local added = 0
for i = won + 3, #ARGV, 2 do
  local unit = ARGV[i + 1]
  if redis.call('SISMEMBER', KEYS[2], unit) == 0 then
    added = added + redis.call('ZADD', KEYS[1], 'NX', ARGV[i], unit)
  end
end
if ARGV[1] == 'load' then
  redis.call('SET', KEYS[3], '1')
end
return added
