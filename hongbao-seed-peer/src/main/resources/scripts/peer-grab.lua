-- peer-grab: one grab in the seed sources' "lua-list" design (the baseline of the HTTP benchmark).
-- KEYS[1] peer:{id}:shares   list of pre-split share amounts (cents), popped from the left
-- KEYS[2] peer:{id}:grabbed  hash user id -> amount grabbed (the dedupe record)
-- KEYS[3] peer:{id}:info     hash; exists while the packet exists
-- ARGV[1] user id
-- Returns {0, amount} GRABBED, {1, amount} ALREADY_GRABBED, {2} SOLD_OUT, {3} unknown packet.
-- Invariant (atomic, as Redis runs one script at a time): a share goes to at most one user, a user gets at most one
-- share per packet.
local prior = redis.call('HGET', KEYS[2], ARGV[1])
if prior then
  return {1, tonumber(prior)}
end
local share = redis.call('LPOP', KEYS[1])
if share then
  redis.call('HSET', KEYS[2], ARGV[1], share)
  return {0, tonumber(share)}
end
if redis.call('EXISTS', KEYS[3]) == 0 then
  return {3}
end
return {2}
