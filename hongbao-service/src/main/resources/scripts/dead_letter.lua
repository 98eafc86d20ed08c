-- dead_letter: moves a shard stream entry the persister cannot write to the shard's dead-letter stream, and
-- acknowledges it, in one step.
--
-- KEYS[1] the shard's event stream, KEYS[2] the shard's dead-letter stream (same hash tag)
-- ARGV[1] the persister's consumer group, ARGV[2] the entry's id, ARGV[3] why it cannot be written
--
-- Returns 1 when it moved the entry now; 0 when the entry is not pending in the group (another consumer wrote or
-- moved it first, or it was never delivered), and then it changes nothing.
--
-- Invariant kept atomically: the persister acknowledges an entry only once its events are in the database or, here,
-- together with its copy in the dead-letter stream (fields 'id' and 'reason' first, then the entry's own fields in
-- their order), so an entry is never acknowledged and lost, and never dead-lettered while still pending (where a
-- reclaim would write it as well). Only a pending entry moves, so two consumers holding the same entry (one reclaimed
-- it) move it once. An entry deleted from the stream while pending moves with its id and reason only.
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[2], ARGV[2], 1)
if #pending == 0 then
  return 0
end
local letter = {'id', ARGV[2], 'reason', ARGV[3]}
local entry = redis.call('XRANGE', KEYS[1], ARGV[2], ARGV[2])
if #entry == 1 then
  for _, value in ipairs(entry[1][2]) do
    letter[#letter + 1] = value
  end
end
redis.call('XADD', KEYS[2], '*', unpack(letter))
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
return 1
