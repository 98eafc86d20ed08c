-- lua-list: one grab against pre-split shares, decided atomically in Redis.
-- KEYS[1]  dedupe hash of the packet: user id -> the share item they got ("index:amount")
-- KEYS[2]  unconsumed list of the packet: pre-split share items "index:amount"
-- KEYS[3]  consumed list of the packet's shard: "packet:user:index:amount" lines a single writer drains to the DB
-- ARGV[1]  packet id
-- ARGV[2]  user id
-- Returns  {0, amount} granted; {1, amount} this user already has a share (its amount); {2, 0} sold out.
-- Invariant: a share leaves the unconsumed list only together with the dedupe record of its user and its consumed
-- line, all in this one script, so a share is never granted twice, never lost between the lists, and every grant is
-- queued for the database before the caller hears about it. All keys share one hash tag (the shard).
local taken = redis.call('HGET', KEYS[1], ARGV[2])
if taken then
  local colon = string.find(taken, ':', 1, true)
  return {1, tonumber(string.sub(taken, colon + 1))}
end
local share = redis.call('LPOP', KEYS[2])
if not share then
  return {2, 0}
end
redis.call('HSET', KEYS[1], ARGV[2], share)
redis.call('RPUSH', KEYS[3], ARGV[1] .. ':' .. ARGV[2] .. ':' .. share)
local colon = string.find(share, ':', 1, true)
return {0, tonumber(string.sub(share, colon + 1))}
