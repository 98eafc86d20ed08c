-- lottery_draw: decides the outcomes of a batch of draws of one wheel, once per draw id (ADRs 0021, 0079).
--
-- KEYS[1]  pool      ZSET  unit "prizeId#seq" -> release time (ms since the epoch); placed units nobody has won
-- KEYS[2]  won       SET   every unit ever won from this wheel (read by lottery_publish)
-- KEYS[3]  loaded    STRING present once the pool was loaded whole from the database (lottery_publish)
-- KEYS[4]  outcomes  HASH  draw id -> outcome, as a deployment before ADR 0061 wrote them: read only, so a draw
--                          decided by it is still answered the same; it expires on its own TTL
-- KEYS[4+i] outcome  STRING  draw i's outcome: the unit it won, or "" for the consolation; expires ARGV[2] after the
--                            decision (one key per draw, so nothing per wheel grows with its draws; ADR 0061)
-- Every key carries the wheel's hash tag, so the whole batch is one slot on Redis Cluster.
-- ARGV[1]  "" to release by Redis' clock (TIME): production, so that every instance shares one clock and an
--          instance whose clock runs ahead cannot release a unit early; or now in ms since the epoch from a simulated
--          clock (hongbao.lottery.draw-clock=service, tests that run a campaign years ahead in seconds)
-- ARGV[2]  how long to remember a draw's outcome (ms): far longer than a draw stays pending; a finished draw is
--          never sent here again (DrawingPrize), so the key is needed only until the database has the outcome
-- ARGV[2+i] draw i's id
--
-- Returns one answer per draw, in order: the unit won, or "" when no unit is released and unwon now (the draw gets
-- the consolation); or the single answer "!" when Redis lost the wheel's pool (nothing decided: the caller loads the
-- pool from the database and asks again).
--
-- Invariant, atomic because a script runs alone: a unit leaves the pool for exactly one draw, in the same step that
-- marks it won and remembers it as that draw's outcome. The draws of a batch are decided in order, each as if it ran
-- alone. A repeat of a draw id (a retried request, the recovery worker) returns the remembered outcome and takes
-- nothing. No lock, no randomness: the earliest unit is taken.
--
-- Memory (ADR 0067): the draws' points are spent before this runs, so it must decide even when Redis is over
-- maxmemory (new draws are refused before spending then). Redis refuses a script over maxmemory only at its first
-- write that may grow memory, and only if no write ran before it (Redis 6.2, and 7 for a script without a shebang; the
-- embedded 6.2 cannot parse one): the first write is therefore a PEXPIRE of an outcome key known absent, which
-- changes nothing and cannot grow memory, so the SETs that remember the outcomes are never refused.
if redis.call('EXISTS', KEYS[3]) == 0 then
  return '!'
end
local now = ARGV[1]
if now == '' then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local answers = {}
for i = 3, #ARGV do
  local id = ARGV[i]
  local key = KEYS[i + 2]
  local remembered = redis.call('GET', key) or redis.call('HGET', KEYS[4], id)
  if remembered then
    answers[#answers + 1] = remembered
  else
    redis.call('PEXPIRE', key, ARGV[2])
    local unit = ''
    local earliest = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 1)
    if earliest[1] then
      unit = earliest[1]
      redis.call('ZREM', KEYS[1], unit)
      redis.call('SADD', KEYS[2], unit)
    end
    redis.call('SET', key, unit, 'PX', ARGV[2])
    answers[#answers + 1] = unit
  end
end
return answers
