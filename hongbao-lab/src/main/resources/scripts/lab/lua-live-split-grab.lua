-- lua-live-split: one grab whose amount is computed here, at grab time, with the double-mean rule.
-- KEYS[1]  packet hash: 'amount' (cents left) and 'count' (shares left)
-- KEYS[2]  dedupe hash of the packet: user id -> amount granted
-- KEYS[3]  consumed list of the packet's shard: "packet:user:-1:amount" lines a single writer drains to the DB
-- ARGV[1]  packet id
-- ARGV[2]  user id
-- ARGV[3]  the draw: a random integer in [0, 2^31), drawn by the caller
-- Returns  {0, amount} granted; {1, amount} this user already has a share; {2, 0} sold out (or no such packet).
-- Invariant: amount and count shrink together with the dedupe record and the consumed line in one atomic step;
-- every share is >= 1 cent because the cap leaves one cent for each share still to come, and the last share takes
-- the exact rest, so the grants of a packet always sum to its total. All keys share one hash tag (the shard).
local taken = redis.call('HGET', KEYS[2], ARGV[2])
if taken then
  return {1, tonumber(taken)}
end
local left = redis.call('HMGET', KEYS[1], 'amount', 'count')
local amount = tonumber(left[1])
local count = tonumber(left[2])
if not count or count <= 0 then
  return {2, 0}
end
local share = amount
if count > 1 then
  -- Lua numbers are doubles: exact for cents (below 2^53), and % is exact for a draw below 2^31.
  local cap = math.floor(2 * amount / count)
  local leave_a_cent_each = amount - (count - 1)
  if cap > leave_a_cent_each then
    cap = leave_a_cent_each
  end
  share = 1 + (tonumber(ARGV[3]) % cap)
end
redis.call('HSET', KEYS[1], 'amount', amount - share, 'count', count - 1)
redis.call('HSET', KEYS[2], ARGV[2], share)
redis.call('RPUSH', KEYS[3], ARGV[1] .. ':' .. ARGV[2] .. ':-1:' .. share)
return {0, share}
