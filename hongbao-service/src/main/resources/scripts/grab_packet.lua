-- grab_packet: one user grabs one share of one red packet.
--
-- KEYS[1] packet hash   rp:{shard}:p:<id>  fields st (A active | X closed), exp (expiry, ms), grp (1 = members only),
--                                          ramt / rcnt (remaining amount / count)
-- KEYS[2] shares list   rp:{shard}:q:<id>  unclaimed shares "seq:amount", in the order they are handed out
-- KEYS[3] grabbed hash  rp:{shard}:g:<id>  user id -> "amount:seq:atMillis"
-- KEYS[4] members set   rp:{shard}:m:<id>  (only read when grp = 1)
-- KEYS[5] event stream  rp:{shard}:events  the shard's queue to the database
-- ARGV[1] packet id, ARGV[2] user id
--
-- Returns {outcome} or {outcome, amount, atMillis} with outcome one of
--   GRABBED, ALREADY_GRABBED (the earlier amount and time), SOLD_OUT, EXPIRED, NOT_FOUND, NOT_A_MEMBER.
--
-- Invariant kept atomically: a share is handed out at most once, to at most one grab per user, never after expiry
-- (Redis server time), and a GRABBED answer exists only together with its stream entry, so the database hears of
-- every grant. Checks run in this order: existence, membership, the user's earlier grab (a retry after a lost reply
-- gets the same amount, even after expiry), expiry, stock.
local packet = redis.call('HMGET', KEYS[1], 'st', 'exp', 'grp')
if not packet[1] then
  return {'NOT_FOUND'}
end
if packet[3] == '1' and redis.call('SISMEMBER', KEYS[4], ARGV[2]) == 0 then
  return {'NOT_A_MEMBER'}
end
local earlier = redis.call('HGET', KEYS[3], ARGV[2])
if earlier then
  local amount, _, at = string.match(earlier, '^(%d+):(%d+):(%d+)$')
  return {'ALREADY_GRABBED', amount, at}
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if packet[1] ~= 'A' or now >= tonumber(packet[2]) then
  return {'EXPIRED'}
end
local share = redis.call('LPOP', KEYS[2])
if not share then
  return {'SOLD_OUT'}
end
local seq, amount = string.match(share, '^(%d+):(%d+)$')
local at = string.format('%d', now)
redis.call('HSET', KEYS[3], ARGV[2], amount .. ':' .. seq .. ':' .. at)
redis.call('HINCRBY', KEYS[1], 'ramt', -tonumber(amount))
redis.call('HINCRBY', KEYS[1], 'rcnt', -1)
redis.call('XADD', KEYS[5], '*', 'k', 'grab', 'p', ARGV[1], 'u', ARGV[2], 'a', amount, 's', seq, 't', at)
return {'GRABBED', amount, at}
