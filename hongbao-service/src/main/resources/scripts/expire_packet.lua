-- expire_packet: closes an expired packet and queues the refund of exactly what was not grabbed.
--
-- KEYS[1] packet hash, KEYS[2] shares list, KEYS[3] grabbed hash, KEYS[4] members set (as in grab_packets.lua),
-- KEYS[5] event stream, KEYS[6] expiry zset
-- ARGV[1] packet id, ARGV[2] retention of the closed packet's keys (ms)
--
-- Returns {'CLOSED', refund} when it closed the packet now, {'NOT_YET', expiryMillis} before expiry (Redis server
-- time), {'ALREADY_CLOSED'} or {'GONE'} otherwise (then the packet is dropped from the expiry zset).
--
-- Invariant kept atomically: a packet is closed once, and only after its expiry by Redis server time; closing it and
-- appending its single refund event (amount = the remaining amount, possibly 0, which closes the packet in the
-- database too) happen together; after it no grab can succeed (grab_packets.lua refuses a closed packet). The
-- remaining amount is the sum of the shares list, summed inside this call, so no grab can pop a share between the sum
-- and the close: the refund is exact. The refunded amount and count are frozen in the packet hash (ramt, rcnt) as the
-- list is dropped.
--
-- Memory (ADR 0067): the refund must happen even when Redis is over maxmemory (grabs are refused then, refunds are
-- what frees memory). Redis refuses a script over maxmemory only at its first write that may grow memory, and only if
-- no write ran before it (Redis 6.2, and 7 for a script without a shebang; the embedded 6.2 cannot parse one): the
-- ZREM from the expiry zset, which cannot grow memory, is therefore this script's first write on every path.
local packet = redis.call('HMGET', KEYS[1], 'st', 'exp', 'sender')
if not packet[1] then
  redis.call('ZREM', KEYS[6], ARGV[1])
  return {'GONE'}
end
if packet[1] ~= 'A' then
  redis.call('ZREM', KEYS[6], ARGV[1])
  return {'ALREADY_CLOSED'}
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if now < tonumber(packet[2]) then
  return {'NOT_YET', packet[2]}
end
redis.call('ZREM', KEYS[6], ARGV[1])
local unclaimed = redis.call('LRANGE', KEYS[2], 0, -1)
local remaining = 0
for _, share in ipairs(unclaimed) do
  local _, amount = string.match(share, '^(%d+):(%d+)$')
  remaining = remaining + tonumber(amount)
end
local refund = string.format('%d', remaining)
redis.call('HSET', KEYS[1], 'st', 'X', 'ramt', refund, 'rcnt', #unclaimed)
redis.call('DEL', KEYS[2])
redis.call('XADD', KEYS[5], '*', 'k', 'refund', 'p', ARGV[1], 'u', packet[3], 'a', refund,
  't', string.format('%d', now))
for k = 1, 4 do
  redis.call('PEXPIRE', KEYS[k], ARGV[2])
end
return {'CLOSED', refund}
