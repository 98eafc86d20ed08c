-- publish_packet: creates a packet's live state from the database's truth, unless Redis already has it.
-- Used for a new packet, for one a crash left unpublished, and to rebuild one whose state Redis lost.
--
-- KEYS[1] packet hash, KEYS[2] shares list, KEYS[3] grabbed hash, KEYS[4] members set (as in grab_packets.lua),
-- KEYS[5] expiry zset  rp:{shard}:expiry  packet id -> expiry (ms), polled by the sweeper
-- ARGV[1] packet id, ARGV[2] expiry (ms), ARGV[3] 1 = members only, ARGV[4] 1 = already closed (refunded),
-- ARGV[5] retention of a closed packet's keys (ms), ARGV[6] sender id,
-- ARGV[7] n unclaimed shares, ARGV[8] n grabs, ARGV[9] n members, then
--   n "seq:amount" (unclaimed shares in hand-out order), n pairs user id, "amount:seq:atMillis", n member ids.
--
-- Returns 1 when created, 0 when the packet was already live (nothing changed).
--
-- Invariant kept atomically: live state is created whole or not at all, and never replaces live state, so a share
-- handed out by Redis can never be handed out again by a rebuild racing it.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
-- Leftovers of a partly expired state (keys expire one by one) are replaced by the database's view.
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
local shares, grabs, members = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local i = 10
local remaining = 0
for n = 1, shares do
  local _, amount = string.match(ARGV[i], '^(%d+):(%d+)$')
  remaining = remaining + tonumber(amount)
  redis.call('RPUSH', KEYS[2], ARGV[i])
  i = i + 1
end
for n = 1, grabs do
  redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1])
  i = i + 2
end
for n = 1, members do
  redis.call('SADD', KEYS[4], ARGV[i])
  i = i + 1
end
local closed = ARGV[4] == '1'
redis.call('HSET', KEYS[1], 'st', closed and 'X' or 'A', 'exp', ARGV[2], 'grp', ARGV[3], 'sender', ARGV[6])
if closed then
  -- What was refunded, frozen for readers as expire_packet.lua does; an active packet's remainder is its shares list.
  redis.call('HSET', KEYS[1], 'ramt', string.format('%d', remaining), 'rcnt', shares)
  for k = 1, 4 do
    redis.call('PEXPIRE', KEYS[k], ARGV[5])
  end
else
  redis.call('ZADD', KEYS[5], ARGV[2], ARGV[1])
end
return 1
