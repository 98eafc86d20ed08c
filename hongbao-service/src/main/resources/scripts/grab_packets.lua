-- grab_packets: a batch of grabs on ONE shard, each decided exactly as if it ran alone, in order, in one atomic call.
--
-- KEYS[1]                 the shard's event stream   rp:{shard}:events   (the database's queue)
-- KEYS[4i-2 .. 4i+1]      for request i = 1..n, the packet's keys:
--   packet hash   rp:{shard}:p:<id>  fields st (A active | X closed), exp (expiry, ms), grp (1 = members only),
--                                    sender, and once closed ramt / rcnt (what was refunded)
--   shares list   rp:{shard}:q:<id>  unclaimed shares "seq:amount", in the order they are handed out; while the
--                                    packet is active its length and sum ARE the remaining count and amount
--   grabbed hash  rp:{shard}:g:<id>  user id -> "amount:seq:atMillis"
--   members set   rp:{shard}:m:<id>  (only read when grp = 1)
-- ARGV[2i-1], ARGV[2i]    for request i = 1..n: packet id, user id
--
-- Returns a flat array, three entries per request: outcome, amount, atMillis (amount and time '' when none), with
-- outcome one of GRABBED, ALREADY_GRABBED (the earlier amount and time), SOLD_OUT, EXPIRED, NOT_FOUND, NOT_A_MEMBER.
-- Appends at most ONE entry to KEYS[1], and only if some request was GRABBED:
--   k = grabs, t = atMillis (one Redis TIME per call, the same for every grant of it),
--   g = the call's grants in order, "packet:user:amount:seq" joined by ';'
--
-- Invariant kept atomically: a share is handed out at most once, to at most one grab per user, never after expiry
-- (Redis server time), and a GRABBED answer exists only together with its grant in the stream: the XADD runs inside
-- this call, also when a later request of the call fails. All keys carry the shard's hash tag (one Cluster slot).
--
-- Memory (ADR 0067): Redis over maxmemory refuses a script at its first write that may grow memory, and only if no
-- write ran before it (Redis 6.2, and 7 for a script without a shebang; the embedded 6.2 cannot parse one). The first
-- write of a grant is therefore the HSET into the grabbed hash, made before the LPOP that takes the share (the share is
-- read first with LINDEX): over maxmemory the call fails with OOM before it changed anything, instead of taking shares
-- and growing the stream past the limit. Only the first grant of a call can meet the check, so the caller may answer
-- "nothing was changed" to every request of a call that failed with OOM. Answers that write nothing (ALREADY_GRABBED,
-- SOLD_OUT, ...) are given whatever the memory.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local at = string.format('%d', now)
local stream = KEYS[1]
local packets = {}
local grants = {}

local function grab(packetKey, sharesKey, grabbedKey, membersKey, packetId, userId)
  -- Read once per call: this call runs alone and writes none of st/exp/grp, so the first read holds for the rest.
  local packet = packets[packetKey]
  if not packet then
    packet = redis.call('HMGET', packetKey, 'st', 'exp', 'grp')
    packets[packetKey] = packet
  end
  if not packet[1] then
    return 'NOT_FOUND', '', ''
  end
  if packet[3] == '1' and redis.call('SISMEMBER', membersKey, userId) == 0 then
    return 'NOT_A_MEMBER', '', ''
  end
  -- Before expiry: a retry after a lost reply gets its amount again, even once the packet has expired.
  local earlier = redis.call('HGET', grabbedKey, userId)
  if earlier then
    local amount, _, earlierAt = string.match(earlier, '^(%d+):(%d+):(%d+)$')
    return 'ALREADY_GRABBED', amount, earlierAt
  end
  if packet[1] ~= 'A' or now >= tonumber(packet[2]) then
    return 'EXPIRED', '', ''
  end
  local share = redis.call('LINDEX', sharesKey, 0)
  if not share then
    return 'SOLD_OUT', '', ''
  end
  local seq, amount = string.match(share, '^(%d+):(%d+)$')
  -- HSET before LPOP: the grant's first write is the one Redis checks against maxmemory (see the header).
  redis.call('HSET', grabbedKey, userId, amount .. ':' .. seq .. ':' .. at)
  redis.call('LPOP', sharesKey)
  grants[#grants + 1] = packetId .. ':' .. userId .. ':' .. amount .. ':' .. seq
  return 'GRABBED', amount, at
end

local replies = {}
-- Redis does not roll back a script that fails midway: stream the grants decided so far, then raise the error.
local ok, err = pcall(function()
  for i = 1, #ARGV / 2 do
    local k = 4 * i - 2
    local outcome, amount, when = grab(KEYS[k], KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], ARGV[2 * i - 1], ARGV[2 * i])
    replies[#replies + 1] = outcome
    replies[#replies + 1] = amount
    replies[#replies + 1] = when
  end
end)
if #grants > 0 then
  redis.call('XADD', stream, '*', 'k', 'grabs', 't', at, 'g', table.concat(grants, ';'))
end
if not ok then
  error(err)
end
return replies
