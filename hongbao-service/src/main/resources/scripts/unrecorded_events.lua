-- unrecorded_events: whether a shard's event stream still holds an event of one packet that the persister group has
-- not acknowledged, i.e. that the database may not have recorded yet: an entry delivered to some consumer but not
-- acknowledged (the group's pending list, a dead consumer's included), one not delivered yet, or one the persister
-- moved to the shard's dead-letter stream (never written; it waits for an operator). Asked before a packet Redis lost
-- is rebuilt from the database. Reads only.
--
-- KEYS[1] the shard's event stream   rp:{shard}:events
-- KEYS[2] the shard's dead-letter stream   rp:{shard}:dead (same hash tag)
-- ARGV[1] packet id, ARGV[2] the persister's consumer group, ARGV[3] the most entries to look at
--
-- Returns 0 when no unacknowledged or dead-lettered entry names the packet, 1 when one does, 2 when more than ARGV[3]
-- entries are unacknowledged or dead-lettered (too many to look through: the caller must assume the worst).
--
-- Invariant kept atomically: the pending list, the group's last-delivered id and the entries are read in one view, so
-- no entry can slip between "pending" and "undelivered" unseen. An entry names the packet when one of its values
-- contains the id (a grant "packet:user:amount:seq", a refund's p); packet ids are random and of fixed length, so an
-- id is never part of another. A group that does not exist (Redis lost it) is recreated from the stream's start, so
-- then every entry counts as undelivered.
local stream, deadLetters, packet, group, limit = KEYS[1], KEYS[2], ARGV[1], ARGV[2], tonumber(ARGV[3])

local function names(entry)
  local fields = entry[2]
  for i = 2, #fields, 2 do
    if string.find(fields[i], packet, 1, true) then
      return true
    end
  end
  return false
end

-- Dead letters first: they are rare, and one naming the packet settles the answer whatever the stream holds.
local budget = limit
local letters = redis.call('XRANGE', deadLetters, '-', '+', 'COUNT', budget + 1)
if #letters > budget then
  return 2
end
for _, letter in ipairs(letters) do
  if names(letter) then
    return 1
  end
end
budget = budget - #letters
if redis.call('EXISTS', stream) == 0 then
  return 0
end

local lastDelivered = nil
for _, info in ipairs(redis.call('XINFO', 'GROUPS', stream)) do
  local fields = {}
  for i = 1, #info, 2 do
    fields[info[i]] = info[i + 1]
  end
  if fields['name'] == group then
    lastDelivered = fields['last-delivered-id']
  end
end

if lastDelivered then
  local pending = redis.call('XPENDING', stream, group, '-', '+', budget + 1)
  if #pending > budget then
    return 2
  end
  for _, held in ipairs(pending) do
    -- An entry deleted while pending is gone from the range: nothing of it can reach the database.
    local entry = redis.call('XRANGE', stream, held[1], held[1])[1]
    if entry and names(entry) then
      return 1
    end
  end
  budget = budget - #pending
else
  lastDelivered = '0-0'
end

local undelivered = redis.call('XRANGE', stream, '(' .. lastDelivered, '+', 'COUNT', budget + 1)
if #undelivered > budget then
  return 2
end
for _, entry in ipairs(undelivered) do
  if names(entry) then
    return 1
  end
end
return 0
