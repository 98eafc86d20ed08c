-- Campaign rounds and audiences (ADR 0103): a campaign's shares are released in rounds, each with pools of its own;
-- a campaign is for everyone signed in or for one group's members; a person takes one share per campaign or per round.
ALTER TABLE campaigns
  ADD COLUMN group_id VARCHAR(32) NULL,
  ADD COLUMN once_per VARCHAR(8)  NOT NULL DEFAULT 'CAMPAIGN';

CREATE TABLE campaign_rounds (
  campaign_id VARCHAR(32) NOT NULL,
  round       INT         NOT NULL,
  starts_at   DATETIME(3) NOT NULL,
  ends_at     DATETIME(3) NOT NULL,
  shares      INT         NOT NULL,
  PRIMARY KEY (campaign_id, round)
);

-- Campaigns opened before rounds existed had one round, from their opening to their end.
INSERT INTO campaign_rounds (campaign_id, round, starts_at, ends_at, shares)
  SELECT id, 0, opened_at, ends_at, shares FROM campaigns;

ALTER TABLE campaign_pools
  ADD COLUMN round INT NOT NULL DEFAULT 0 AFTER campaign_id,
  DROP PRIMARY KEY,
  ADD PRIMARY KEY (campaign_id, round, pool);
