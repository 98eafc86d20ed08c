-- Which database shard this physical database is, of how many (ADR 0083). Each shard holds its own row, written and
-- read directly on that database, never through ShardingSphere: it is what tells one shard from another. The first
-- start records what its configuration (hongbao.db.shards, hongbao.redpacket.shards) says; every later start
-- compares, and refuses when this database now sits at another position or the count changed, because rows were
-- placed by the count and the position and would be looked for in the wrong database. One row, id 1.
CREATE TABLE db_shard_layout (
  id             TINYINT      NOT NULL PRIMARY KEY CHECK (id = 1),
  shard_index    INT          NOT NULL,
  shard_count    INT          NOT NULL,
  virtual_shards INT          NOT NULL,
  recorded_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
