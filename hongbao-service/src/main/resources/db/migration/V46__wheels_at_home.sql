-- A wheel lives on its home database shard only (ADR 0093): CRC32 of its id modulo the shard count, as
-- DatabaseShards.ofId computes it. Wheels, prizes, hours and units were copied to every shard (broadcast) before; the
-- copies away from home are removed, so that no write of a wheel spans shards and a read that fans out over the shards
-- sees each wheel once. The draws stay where they are, on their drawers' shards. db_shard_layout names this database's
-- place; on a new database it is still empty (the place is recorded after the migrations) and there is nothing to
-- remove, and with one database every wheel is at home.
DELETE FROM lottery_units
 WHERE EXISTS (SELECT 1 FROM db_shard_layout l WHERE CRC32(lottery_units.wheel_id) % l.shard_count <> l.shard_index);
DELETE FROM lottery_hours
 WHERE EXISTS (SELECT 1 FROM db_shard_layout l WHERE CRC32(lottery_hours.wheel_id) % l.shard_count <> l.shard_index);
DELETE FROM lottery_prizes
 WHERE EXISTS (SELECT 1 FROM db_shard_layout l WHERE CRC32(lottery_prizes.wheel_id) % l.shard_count <> l.shard_index);
DELETE FROM lottery_wheels
 WHERE EXISTS (SELECT 1 FROM db_shard_layout l WHERE CRC32(lottery_wheels.id) % l.shard_count <> l.shard_index);
