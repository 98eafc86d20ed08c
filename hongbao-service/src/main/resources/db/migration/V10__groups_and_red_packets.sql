-- Groups: immutable once created (a packet copies the member list into Redis when it is published).
CREATE TABLE chat_groups (
  id         VARCHAR(32) NOT NULL PRIMARY KEY,
  name       VARCHAR(64) NOT NULL,
  creator_id BIGINT      NOT NULL,
  created_at DATETIME(3) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE group_members (
  group_id VARCHAR(32) NOT NULL,
  user_id  BIGINT      NOT NULL,
  PRIMARY KEY (group_id, user_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- A red packet as sent. The money sits in the ledger account 'escrow:<id>' from the send until grabbed or refunded.
-- published = 0 until its state is in Redis: the recovery worker publishes rows left at 0 by a crash.
-- refunded_amount stays NULL until the packet is closed after expiry; the conditional
-- "SET refunded_amount = ? WHERE refunded_amount IS NULL" is what makes the refund happen once.
CREATE TABLE red_packets (
  id              VARCHAR(32)  NOT NULL PRIMARY KEY,
  sender_id       BIGINT       NOT NULL,
  type            VARCHAR(8)   NOT NULL,
  greeting        VARCHAR(400) NOT NULL,
  group_id        VARCHAR(32)  NULL,
  total_amount    BIGINT       NOT NULL,
  share_count     INT          NOT NULL,
  created_at      DATETIME(3)  NOT NULL,
  expires_at      DATETIME(3)  NOT NULL,
  published       TINYINT(1)   NOT NULL DEFAULT 0,
  refunded_amount BIGINT       NULL,
  refunded_at     DATETIME(3)  NULL,
  KEY red_packets_by_sender (sender_id, created_at),
  KEY red_packets_unpublished (published, created_at),
  KEY red_packets_open_by_expiry (refunded_amount, expires_at),
  CONSTRAINT red_packets_total_covers_count CHECK (total_amount >= share_count AND share_count >= 1)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- The pre-split shares, numbered 0..count-1 in the order Redis hands them out.
CREATE TABLE packet_shares (
  packet_id VARCHAR(32) NOT NULL,
  seq       INT         NOT NULL,
  amount    BIGINT      NOT NULL,
  PRIMARY KEY (packet_id, seq),
  CONSTRAINT packet_shares_at_least_a_cent CHECK (amount >= 1)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Grabs as the persister records them from the shard streams. The two unique keys make a replayed stream entry a
-- no-op: one grab per (packet, user), and each share given out once.
CREATE TABLE packet_grabs (
  id         BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
  packet_id  VARCHAR(32) NOT NULL,
  seq        INT         NOT NULL,
  user_id    BIGINT      NOT NULL,
  amount     BIGINT      NOT NULL,
  grabbed_at DATETIME(3) NOT NULL,
  UNIQUE KEY packet_grabs_once_per_user (packet_id, user_id),
  UNIQUE KEY packet_grabs_share_once (packet_id, seq),
  KEY packet_grabs_by_user (user_id, grabbed_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
