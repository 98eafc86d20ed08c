-- How red packets are laid out over Redis' virtual shards: their count and how each shard's hash tag is chosen
-- (ADR 0071). A packet's shard follows from its id and the count, and its keys from the shard's tag, so both are fixed
-- for the life of the data: the service records them at its first start and refuses to start when its configuration
-- (hongbao.redpacket.shards, hongbao.redpacket.shard-tags) says otherwise. One row, id 1.
CREATE TABLE redpacket_shard_layout (
  id          TINYINT      NOT NULL PRIMARY KEY CHECK (id = 1),
  shards      INT          NOT NULL,
  tags        VARCHAR(16)  NOT NULL,
  recorded_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
);

-- A database that already holds packets was written by a service that knew only one layout: 16 shards, the tag being
-- the shard's number. Record that, so the service refuses the new defaults there and says how to keep the old layout.
INSERT INTO redpacket_shard_layout (id, shards, tags)
SELECT 1, 16, 'legacy' FROM DUAL WHERE EXISTS (SELECT 1 FROM red_packets);
