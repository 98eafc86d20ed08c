-- Lottery wheels (issue 4, ADRs 0020-0022). A wheel never changes after creation; what moves is the release schedule
-- (placed hours and units) and the draws.
CREATE TABLE lottery_wheels (
  id                 VARCHAR(40)  NOT NULL PRIMARY KEY,
  name               VARCHAR(100) NOT NULL,
  draw_cost          BIGINT       NOT NULL,
  consolation_name   VARCHAR(100) NOT NULL,
  consolation_points BIGINT       NOT NULL,
  starts_at          DATETIME(3)  NOT NULL,
  ends_at            DATETIME(3)  NOT NULL,
  -- the weights as given, "hour:weight,..." (hours not listed weigh 1.0)
  hourly_weights     VARCHAR(1000) NOT NULL,
  -- every hour slot starting before this instant is placed; moved only under this row's lock
  placed_until       DATETIME(3)  NOT NULL,
  created_at         DATETIME(3)  NOT NULL,
  KEY lottery_wheels_to_place (placed_until, ends_at),
  CONSTRAINT lottery_wheels_cost_positive CHECK (draw_cost >= 1),
  CONSTRAINT lottery_wheels_consolation_not_negative CHECK (consolation_points >= 0),
  CONSTRAINT lottery_wheels_campaign_not_empty CHECK (starts_at < ends_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- placed counts the units reserved into hours so far; it never passes the stock.
CREATE TABLE lottery_prizes (
  id       VARCHAR(40)  NOT NULL PRIMARY KEY,
  wheel_id VARCHAR(40)  NOT NULL,
  position INT          NOT NULL,
  name     VARCHAR(100) NOT NULL,
  stock    INT          NOT NULL,
  placed   INT          NOT NULL DEFAULT 0,
  UNIQUE KEY lottery_prizes_order (wheel_id, position),
  CONSTRAINT lottery_prizes_placed_within_stock CHECK (placed >= 0 AND placed <= stock)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- One row per placed hour slot: the primary key is what makes an hour impossible to place twice. published turns
-- true once its units are in the Redis pool; a crash before that is repaired by republishing.
CREATE TABLE lottery_hours (
  wheel_id   VARCHAR(40) NOT NULL,
  hour_start DATETIME(3) NOT NULL,
  units      INT         NOT NULL,
  published  BOOLEAN     NOT NULL DEFAULT FALSE,
  created_at DATETIME(3) NOT NULL,
  PRIMARY KEY (wheel_id, hour_start),
  KEY lottery_hours_unpublished (published, created_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Every unit of stock placed into an hour, with the moment it is released. (prize_id, seq) is the unit's identity, the
-- same as its member "prizeId#seq" in the pool.
CREATE TABLE lottery_units (
  prize_id   VARCHAR(40) NOT NULL,
  seq        INT         NOT NULL,
  wheel_id   VARCHAR(40) NOT NULL,
  hour_start DATETIME(3) NOT NULL,
  release_at DATETIME(3) NOT NULL,
  PRIMARY KEY (prize_id, seq),
  KEY lottery_units_by_hour (wheel_id, hour_start),
  KEY lottery_units_released (prize_id, release_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Every draw that spent points. PENDING until its outcome is recorded; then exactly one of (prize_id, unit_seq) or
-- consolation_points is set. The unique (prize_id, unit_seq) makes a unit winnable once only (NULLs do not collide).
CREATE TABLE lottery_draws (
  id                 BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
  draw_id            VARCHAR(40) NOT NULL,
  wheel_id           VARCHAR(40) NOT NULL,
  user_id            BIGINT      NOT NULL,
  cost               BIGINT      NOT NULL,
  status             VARCHAR(8)  NOT NULL,
  prize_id           VARCHAR(40) NULL,
  unit_seq           INT         NULL,
  consolation_points BIGINT      NULL,
  points_left        BIGINT      NULL,
  created_at         DATETIME(3) NOT NULL,
  finished_at        DATETIME(3) NULL,
  UNIQUE KEY lottery_draws_once (draw_id),
  UNIQUE KEY lottery_draws_unit_once (prize_id, unit_seq),
  KEY lottery_draws_by_user (user_id, id),
  KEY lottery_draws_pending (status, created_at),
  CONSTRAINT lottery_draws_one_outcome CHECK (
    (status = 'PENDING' AND prize_id IS NULL AND consolation_points IS NULL)
    OR (status = 'DONE' AND ((prize_id IS NULL) <> (consolation_points IS NULL))
        AND ((prize_id IS NULL) = (unit_seq IS NULL)))
  )
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
