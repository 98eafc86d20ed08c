-- expire_packet: closes an expired packet and queues the refund of exactly what was not grabbed.
--
-- KEYS[1] packet hash, KEYS[2] shares list, KEYS[3] grabbed hash, KEYS[4] members set (as in grab_packets.lua),
-- KEYS[5] event stream, KEYS[6] expiry zset
-- ARGV[1] packet id, ARGV[2] retention of the closed packet's keys (ms)
--
-- Returns {'CLOSED', refund} when it closed the packet now, {'NOT_YET', expiryMillis} before expiry (Redis server
-- time), {'ALREADY_CLOSED'} or {'GONE'} otherwise (then the packet is dropped from the expiry zset).
--
-- Invariant kept atomically: a packet is closed once; closing and appending its single refund event (amount = the
-- remaining amount, possibly 0, which closes the packet in the database too) happen together; after it no grab can
-- succeed (grab_packets.lua refuses a closed packet), so the refund is exact. The remaining amount is the sum of the
-- shares list (grabs keep no running total: one write less per grab); it is summed here, once per packet, inside
-- this atomic call, so no grab can pop a share between the sum and the close. The refunded amount and count are then
-- frozen in the packet hash (ramt, rcnt) for readers, as the list is dropped; any ramt / rcnt the hash held before is
-- overwritten, never trusted.
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
redis.call('ZREM', KEYS[6], ARGV[1])
for k = 1, 4 do
  redis.call('PEXPIRE', KEYS[k], ARGV[2])
end
return {'CLOSED', refund}
