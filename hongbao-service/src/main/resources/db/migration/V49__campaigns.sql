-- Campaigns (ADR 0103): a campaign and the list of its pools, each pool a red packet of the sponsor's on a virtual
-- shard of its own. Both rows live on the campaign's home database (DatabaseShards.ofId of its id), which is the
-- sponsor's: the campaign is stored in the transaction that funds its pools.
CREATE TABLE campaigns (
  id          VARCHAR(32)  NOT NULL PRIMARY KEY,
  sponsor_id  BIGINT       NOT NULL,
  greeting    VARCHAR(400) NOT NULL,
  total       BIGINT       NOT NULL,
  shares      INT          NOT NULL,
  -- NULL: equal shares; else each share within [min_share, max_share] cents
  min_share   BIGINT       NULL,
  max_share   BIGINT       NULL,
  pools       INT          NOT NULL,
  opened_at   DATETIME(3)  NOT NULL,
  ends_at     DATETIME(3)  NOT NULL,
  KEY campaigns_newest (opened_at)
);

CREATE TABLE campaign_pools (
  campaign_id VARCHAR(32) NOT NULL,
  pool        INT         NOT NULL,
  packet_id   VARCHAR(32) NOT NULL,
  PRIMARY KEY (campaign_id, pool)
);
