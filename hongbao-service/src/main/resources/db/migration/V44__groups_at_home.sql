-- A group lives on its home database shard only (ADR 0088): CRC32 of its id modulo the shard count, as
-- DatabaseShards.ofId computes it. Groups were copied to every shard (broadcast) before; the copies away from home are
-- removed, so a read that fans out over the shards lists each group once. db_shard_layout names this database's place;
-- on a new database it is still empty (the place is recorded after the migrations) and there is nothing to remove, and
-- with one database every group is at home.
DELETE FROM group_members
 WHERE EXISTS (SELECT 1 FROM db_shard_layout l WHERE CRC32(group_members.group_id) % l.shard_count <> l.shard_index);
DELETE FROM chat_groups
 WHERE EXISTS (SELECT 1 FROM db_shard_layout l WHERE CRC32(chat_groups.id) % l.shard_count <> l.shard_index);
