-- read_packet: a consistent snapshot of one packet's live state, for readers and the audit.
--
-- KEYS[1] packet hash, KEYS[2] grabbed hash (as in grab_packet.lua)
-- ARGV: none
--
-- Returns {} when Redis holds no state for the packet, else {st, ramt, rcnt, {user, "amount:seq:atMillis", ...}}.
--
-- Invariant: both keys are read in one atomic step, so the remaining figures and the grabs always agree.
local packet = redis.call('HMGET', KEYS[1], 'st', 'ramt', 'rcnt')
if not packet[1] then
  return {}
end
return {packet[1], packet[2], packet[3], redis.call('HGETALL', KEYS[2])}
