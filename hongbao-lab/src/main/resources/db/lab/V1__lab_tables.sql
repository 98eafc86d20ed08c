-- The strategy lab's tables, apart from the production ones and migrated by the lab's own Flyway (history in
-- lab_schema_history) when the lab starts, never by the service. Every strategy records what it granted here, so
-- "persisted" and "conserved" can be checked with plain SQL after a run. IF NOT EXISTS: a database may already hold
-- these tables, created identically by the service's migrations before the lab had a schema of its own.

-- One row per lab run: its id namespaces the packet ids of the run (packet id = run id * 1,000,000 + index).
CREATE TABLE IF NOT EXISTS lab_runs (
  id         BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
  strategy   VARCHAR(64) NOT NULL,
  created_at DATETIME(3) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- A packet. remaining_* and version are the state of the strategies that grab against the packet row itself
-- (db-pessimistic, db-optimistic-version, redis-lock); the others leave them at their initial values.
CREATE TABLE IF NOT EXISTS lab_packets (
  id               BIGINT      NOT NULL PRIMARY KEY,
  strategy         VARCHAR(32) NOT NULL,
  total_amount     BIGINT      NOT NULL,
  share_count      INT         NOT NULL,
  remaining_amount BIGINT      NOT NULL,
  remaining_count  INT         NOT NULL,
  version          BIGINT      NOT NULL DEFAULT 0,
  created_at       DATETIME(3) NOT NULL,
  CONSTRAINT lab_packets_remaining_amount CHECK (remaining_amount >= 0),
  CONSTRAINT lab_packets_remaining_count CHECK (remaining_count >= 0)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Pre-split shares (split in Java when the packet is made). user_id is set when the share is taken.
CREATE TABLE IF NOT EXISTS lab_shares (
  packet_id   BIGINT NOT NULL,
  share_index INT    NOT NULL,
  amount      BIGINT NOT NULL,
  user_id     BIGINT NULL,
  PRIMARY KEY (packet_id, share_index),
  KEY lab_shares_available (packet_id, user_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- What was granted. The primary key is the last line of defence against a double grab: at most one row per
-- (packet, user), whatever a strategy gets wrong above it; it also makes asynchronous writers idempotent.
CREATE TABLE IF NOT EXISTS lab_grabs (
  packet_id   BIGINT      NOT NULL,
  user_id     BIGINT      NOT NULL,
  amount      BIGINT      NOT NULL,
  share_index INT         NULL,
  created_at  DATETIME(3) NOT NULL,
  PRIMARY KEY (packet_id, user_id),
  CONSTRAINT lab_grabs_amount_positive CHECK (amount >= 1)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
