-- read_packet: a consistent snapshot of one packet's live state, for readers and the audit.
--
-- KEYS[1] packet hash, KEYS[2] grabbed hash, KEYS[3] shares list (as in grab_packets.lua)
-- ARGV: none
--
-- Returns {} when Redis holds no state for the packet, else {st, remaining amount, remaining count,
-- {user, "amount:seq:atMillis", ...}}: while the packet is active, the sum and length of its shares list (grabs keep
-- no running total); once closed, what expire_packet.lua (or publish_packet.lua for a closed packet) froze in the
-- hash, i.e. what was refunded.
--
-- Invariant: all keys are read in one atomic step, so the remaining figures and the grabs always agree.
local packet = redis.call('HMGET', KEYS[1], 'st', 'ramt', 'rcnt')
if not packet[1] then
  return {}
end
local grabs = redis.call('HGETALL', KEYS[2])
if packet[1] ~= 'A' then
  return {packet[1], packet[2] or '0', packet[3] or '0', grabs}
end
local unclaimed = redis.call('LRANGE', KEYS[3], 0, -1)
local remaining = 0
for _, share in ipairs(unclaimed) do
  local _, amount = string.match(share, '^(%d+):(%d+)$')
  remaining = remaining + tonumber(amount)
end
return {packet[1], string.format('%d', remaining), string.format('%d', #unclaimed), grabs}
