-- grab_packets: a batch of grabs on ONE shard, each decided exactly as if it ran alone, in order.
-- Request coalescing (CoalescingGrabs) sends every grab through here: a batch of one when the shard is idle, up to
-- max-batch while an earlier call of the same shard is in flight. One script call, one round trip, one AOF fsync
-- for the whole batch.
--
-- KEYS[1]                 the shard's event stream   rp:{shard}:events   (the database's queue)
-- KEYS[4i-2 .. 4i+1]      for request i = 1..n, the packet's keys:
--   packet hash   rp:{shard}:p:<id>  fields st (A active | X closed), exp (expiry, ms), grp (1 = members only),
--                                    ramt / rcnt (remaining amount / count)
--   shares list   rp:{shard}:q:<id>  unclaimed shares "seq:amount", in the order they are handed out
--   grabbed hash  rp:{shard}:g:<id>  user id -> "amount:seq:atMillis"
--   members set   rp:{shard}:m:<id>  (only read when grp = 1)
-- ARGV[2i-1], ARGV[2i]    for request i: packet id, user id
--
-- Returns a flat array, three entries per request: outcome, amount, atMillis (amount and time '' when none), with
-- outcome one of GRABBED, ALREADY_GRABBED (the earlier amount and time), SOLD_OUT, EXPIRED, NOT_FOUND, NOT_A_MEMBER.
--
-- Invariant kept atomically: a share is handed out at most once, to at most one grab per user, never after expiry
-- (Redis server time), and a GRABBED answer exists only together with its stream entry, so the database hears of
-- every grant. All keys carry the shard's hash tag, so the call touches one Cluster slot. Checks run in this order:
-- existence, membership, the user's earlier grab (a retry after a lost reply gets the same amount, even after
-- expiry), expiry, stock. Two requests of the same user in one batch: the second sees the first's HSET.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local at = string.format('%d', now)
local stream = KEYS[1]

local function grab(packetKey, sharesKey, grabbedKey, membersKey, packetId, userId)
  local packet = redis.call('HMGET', packetKey, 'st', 'exp', 'grp')
  if not packet[1] then
    return 'NOT_FOUND', '', ''
  end
  if packet[3] == '1' and redis.call('SISMEMBER', membersKey, userId) == 0 then
    return 'NOT_A_MEMBER', '', ''
  end
  local earlier = redis.call('HGET', grabbedKey, userId)
  if earlier then
    local amount, _, earlierAt = string.match(earlier, '^(%d+):(%d+):(%d+)$')
    return 'ALREADY_GRABBED', amount, earlierAt
  end
  if packet[1] ~= 'A' or now >= tonumber(packet[2]) then
    return 'EXPIRED', '', ''
  end
  local share = redis.call('LPOP', sharesKey)
  if not share then
    return 'SOLD_OUT', '', ''
  end
  local seq, amount = string.match(share, '^(%d+):(%d+)$')
  redis.call('HSET', grabbedKey, userId, amount .. ':' .. seq .. ':' .. at)
  redis.call('HINCRBY', packetKey, 'ramt', -tonumber(amount))
  redis.call('HINCRBY', packetKey, 'rcnt', -1)
  redis.call('XADD', stream, '*', 'k', 'grab', 'p', packetId, 'u', userId, 'a', amount, 's', seq, 't', at)
  return 'GRABBED', amount, at
end

local replies = {}
for i = 1, #ARGV / 2 do
  local k = 4 * i - 2
  local outcome, amount, when = grab(KEYS[k], KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], ARGV[2 * i - 1], ARGV[2 * i])
  replies[#replies + 1] = outcome
  replies[#replies + 1] = amount
  replies[#replies + 1] = when
end
return replies
